import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { appError } from '../../common/errors/app-error.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { systemSql } from '../../infra/database/sql.js';
import { type CloudApiCredentials, DEFAULT_GRAPH_VERSION } from './cloud-api-types.js';
import { CLOUD_PROVIDER } from './cloud-provider.js';

interface CloudRow {
  company_id: number;
  cloud_phone_number_id: string | null;
  cloud_business_account_id: string | null;
  cloud_access_token: string | null;
  cloud_app_secret: string | null;
  cloud_verify_token: string | null;
}

/** The SecretBox context of Cloud API secrets (the demo seed seals with it too). */
export const CLOUD_SECRETS_CONTEXT = 'cloud-api';

/** How long a connection's credentials are kept in memory, and for how many connections at most. */
const CACHE_MS = 5000;
const CACHE_MAX = 10_000;

/** A Cloud API connection as the webhook finds it: whose it is, and its credentials when they are complete. */
export interface CloudConnection {
  companyId: number;
  credentials: CloudApiCredentials | null;
  verifyToken: string | null;
}

/**
 * The credentials of Cloud API connections: the access token and app secret are sealed at rest (SecretBox, keyed by
 * SECRETS_KEY) and opened only here, in memory, for a call to Meta or a webhook check.
 */
@Injectable()
export class CloudCredentialsRepository {
  private readonly box: SecretBox;
  /**
   * Every webhook and every send needs the connection's credentials: they are kept a few seconds per connection
   * (concurrent readers share one read), so a burst of webhooks does not cost a query and two decryptions each. A
   * change made in this process applies at once (`forget`); another process sees it within CACHE_MS.
   */
  private readonly cache = new Map<number, { at: number; value: Promise<CloudConnection | null> }>();

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.secretsKey, CLOUD_SECRETS_CONTEXT);
  }

  /** Where the Graph API is: Meta's, or a local fake in development (read on each call). */
  private get graph(): { graphBaseUrl: string; graphVersion: string } {
    return this.config.channels.cloudApi ?? { graphBaseUrl: 'https://graph.facebook.com', graphVersion: DEFAULT_GRAPH_VERSION };
  }

  seal(secret: string): string {
    return this.box.seal(secret);
  }

  /** A fresh verify token for Meta's webhook handshake. */
  newVerifyToken(): string {
    return randomBytes(24).toString('base64url');
  }

  /** The connection of this id if it is a Cloud API one (any company: the webhook names only the id). */
  byId(connectionId: number): Promise<CloudConnection | null> {
    const cached = this.cache.get(connectionId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const entry = { at: Date.now(), value: this.read(connectionId) };
    this.cache.set(connectionId, entry);
    // A failed read is not kept: the next caller asks the database again.
    entry.value.catch(() => {
      if (this.cache.get(connectionId) === entry) this.cache.delete(connectionId);
    });
    return entry.value;
  }

  /** After this process changed or deleted the connection. */
  forget(connectionId: number): void {
    this.cache.delete(connectionId);
  }

  private async read(connectionId: number): Promise<CloudConnection | null> {
    // The webhook is called by Meta, not by a user: the row's own company scopes everything after this read.
    const [row] = await systemSql(this.em.getConnection()).all<CloudRow>(
      `select company_id, cloud_phone_number_id, cloud_business_account_id, cloud_access_token, cloud_app_secret, cloud_verify_token
         from whatsapps where id = ? and provider = ?`,
      [connectionId, CLOUD_PROVIDER],
    );
    if (!row) return null;
    return { companyId: row.company_id, credentials: this.credentialsOf(row), verifyToken: row.cloud_verify_token };
  }

  /** The credentials of a company's connection, or ERR_WAPP_NOT_INITIALIZED while they are incomplete. */
  async credentials(companyId: number, connectionId: number): Promise<CloudApiCredentials> {
    const found = await this.byId(connectionId);
    if (!found || found.companyId !== companyId || !found.credentials) {
      throw appError('ERR_WAPP_NOT_INITIALIZED', 'The Cloud API connection has no complete credentials');
    }
    return found.credentials;
  }

  private credentialsOf(row: CloudRow): CloudApiCredentials | null {
    const accessToken = row.cloud_access_token && this.box.open(row.cloud_access_token);
    const appSecret = row.cloud_app_secret && this.box.open(row.cloud_app_secret);
    if (!row.cloud_phone_number_id || !row.cloud_business_account_id || !accessToken || !appSecret) return null;
    return {
      phoneNumberId: row.cloud_phone_number_id,
      businessAccountId: row.cloud_business_account_id,
      accessToken,
      appSecret,
      verifyToken: row.cloud_verify_token ?? '',
      graphBaseUrl: this.graph.graphBaseUrl,
      graphVersion: this.graph.graphVersion,
    };
  }
}
