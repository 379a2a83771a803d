import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { companyAccessError } from '../../authorization/auth-context.loader.js';
import { bearerToken } from '../../authorization/bearer-token.js';
import { appError, forbidden } from '../../common/errors/app-error.js';
import { isPlanFlagEnabled } from '../../shared/plan-flags.js';
import { hashApiToken } from '../connections/api-token.js';

interface TokenRow {
  id: number;
  company_id: number;
  status: boolean;
  due_date: Date | null;
  use_external_api: boolean | null;
}

export interface ConnectionPrincipal {
  connectionId: number;
  companyId: number;
}

/** The external API authenticates with a connection's token (server-behaviour §10), not a user session. */
@Injectable()
export class ConnectionTokenAuth {
  constructor(private readonly em: EntityManager) {}

  async authenticate(authorization: string | undefined): Promise<ConnectionPrincipal> {
    const token = bearerToken(authorization);
    if (!token) throw appError('ERR_INVALID_TOKEN', 'A connection token is required');
    const rows = await this.em.getConnection().execute<TokenRow[]>(
      `select w.id, w.company_id, c.status, c.due_date, p.use_external_api
         from whatsapps w join companies c on c.id = w.company_id left join plans p on p.id = c.plan_id
        where w.token_hash = ?`,
      [hashApiToken(token)],
    );
    const row = rows[0];
    if (!row) throw appError('ERR_INVALID_TOKEN', 'Unknown connection token');
    const blocked = companyAccessError({ status: row.status, dueDate: row.due_date ? new Date(row.due_date) : null }, false);
    if (blocked) throw blocked;
    if (!isPlanFlagEnabled({ useExternalApi: row.use_external_api }, 'useExternalApi')) throw forbidden();
    return { connectionId: row.id, companyId: row.company_id };
  }
}
