import { Injectable } from '@nestjs/common';
import type { RawQueryFragment } from '@mikro-orm/core';
import { tenantRaw } from '../../infra/database/sql.js';

/** SQL the contact queries need beyond the ORM's conditions. */
@Injectable()
export class ContactsRepository {
  /** The instant a calendar day starts in the company's time zone (Postgres knows the zone rules, DST included). */
  dayStart(companyId: number, day: string): RawQueryFragment {
    return tenantRaw(companyId, '(?::date)::timestamp at time zone (select timezone from companies where id = ?)', [day, companyId]);
  }
}
