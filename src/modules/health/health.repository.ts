import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { systemSql } from '../../infra/database/sql.js';

@Injectable()
export class HealthRepository {
  constructor(private readonly em: EntityManager) {}

  async ping(): Promise<void> {
    // The health check asks the database itself, no company's data.
    await systemSql(this.em.getConnection()).all('select 1');
  }
}
