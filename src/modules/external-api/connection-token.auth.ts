import { Injectable } from '@nestjs/common';
import { companyAccessError, standingOf } from '../../authorization/auth-context.loader.js';
import { bearerToken } from '../../authorization/bearer-token.js';
import { appError, forbidden } from '../../common/errors/app-error.js';
import { isPlanFlagEnabled } from '../../shared/plan-flags.js';
import { hashApiToken } from '../connections/api-token.js';
import { ExternalApiRepository } from './external-api.repository.js';

export interface ConnectionPrincipal {
  connectionId: number;
  companyId: number;
}

/** The external API authenticates with a connection's token (server-behaviour §10), not a user session. */
@Injectable()
export class ConnectionTokenAuth {
  constructor(private readonly repository: ExternalApiRepository) {}

  async authenticate(authorization: string | undefined): Promise<ConnectionPrincipal> {
    const token = bearerToken(authorization);
    if (!token) throw appError('ERR_INVALID_TOKEN', 'A connection token is required');
    const row = await this.repository.connectionByToken(hashApiToken(token));
    if (!row) throw appError('ERR_INVALID_TOKEN', 'Unknown connection token');
    const blocked = companyAccessError(standingOf(row), false);
    if (blocked) throw blocked;
    if (!isPlanFlagEnabled({ useExternalApi: row.use_external_api }, 'useExternalApi')) throw forbidden();
    return { connectionId: row.id, companyId: row.company_id };
  }
}
