import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../infra/database/sql.js';

@Injectable()
export class SettingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every stored setting of the company, in one indexed read (the settings cache refills from here). */
  companyValues(companyId: number): Promise<Array<{ key: string; value: string }>> {
    return tenantSql(this.em.getConnection(), companyId).all<{ key: string; value: string }>('select key, value from settings where company_id = ?', [
      companyId,
    ]);
  }
}
