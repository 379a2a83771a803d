import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UPLOAD_COMPANY_KEY } from '../../infra/storage/uploads/uploaded-media.js';
import { type ConnectionPrincipal, ConnectionTokenAuth } from './connection-token.auth.js';

const PRINCIPAL_KEY = 'connectionPrincipal';

/** Checks the connection token before the body is read, so an upload from an unknown caller is never parsed. */
@Injectable()
export class ConnectionTokenGuard implements CanActivate {
  constructor(private readonly tokens: ConnectionTokenAuth) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & Record<string, unknown>>();
    const principal = await this.tokens.authenticate(request.headers.authorization);
    request[PRINCIPAL_KEY] = principal;
    request[UPLOAD_COMPANY_KEY] = principal.companyId;
    return true;
  }
}

/** The connection the ConnectionTokenGuard authenticated. */
export const Principal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ConnectionPrincipal =>
    context.switchToHttp().getRequest<Record<string, unknown>>()[PRINCIPAL_KEY] as ConnectionPrincipal,
);
