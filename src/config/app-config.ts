import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv, type RawEnv } from './env.schema.js';

export interface AppConfig {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  port: number;
  /** `api` serves HTTP and sockets, `worker` runs sessions and background work, `all` does both (one process). */
  role: ProcessRole;
  /** Express "trust proxy": which proxies' X-Forwarded-For gives the client address (rate limits use it). */
  trustProxy: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** The WhatsApp Web socket address; null: the provider's default. */
  whatsappWebSocketUrl: string | null;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  demoData: boolean;
  dataDir: string;
  /** Days an audit entry is kept. */
  auditRetentionDays: number;
  /** How long a request's auth context is reused (0: never). */
  authContextCacheMs: number;
  mailOutboxDir: string;
  logLevel: RawEnv['LOG_LEVEL'];
  /** Share of successful reads logged (1: all). */
  requestLogSample: number;
  publicUrl?: string;
  /** Serve the OpenAPI page at /api/docs. */
  apiDocs: boolean;
  media: MediaConfig;
  version: string;
  rateLimits: RateLimits;
  automation: AutomationConfig;
  channels: ChannelsConfig;
  /** The key of the SecretBox that seals tenant secrets at rest (SECRETS_KEY, or derived from JWT_SECRET). */
  secretsKey: string;
  campaigns: CampaignsConfig;
  billing: BillingConfig;
  jobs: { /** How often a lost Redis is looked for, to arm the delayed jobs again from the database. */ reconcileIntervalMs: number };
  metrics: MetricsConfig;
  /** Where media files are kept. */
  storage: StorageConfig;
  /** Outside production: the secret `npm run simulate` presents instead of a user login (kept in the data directory). */
  simulatorSecret: string | null;
}

export interface BillingConfig {
  /** Which payment provider issues Pix charges: the sandbox (default; pays through a dev endpoint) or Asaas. */
  provider: 'sandbox' | 'asaas';
  /** The receiving Pix key and the merchant shown in the BR Codes the sandbox issues. */
  pix: { key: string; merchantName: string; merchantCity: string };
  /** Signs the sandbox's webhooks (HMAC-SHA256 of the body). */
  sandboxSecret: string;
  asaas: { baseUrl: string; apiKey: string | null; webhookToken: string | null };
  /** How long a Pix charge can be paid. */
  chargeTtlSeconds: number;
}

export interface MetricsConfig {
  /** Bearer token of `/metrics` on the main port; null: the main port does not serve it. */
  token: string | null;
  /** A separate port serving `/metrics` without a token; null: none (0 in tests: any free port). */
  port: number | null;
  /** Series read from the database (inbox backlog, connection states, running campaigns) are reread at most this often. */
  refreshMs: number;
}
/** SEND_OUTCOME_WAIT_MS's default: how long a send of unknown outcome waits for its status. */
export const DEFAULT_OUTCOME_WAIT_MS = 600_000;

export interface CampaignsConfig {
  /** Milliseconds in one second of the campaign intervals. */
  secondMs: number;
  /** A send whose outcome is unknown (attempt recorded, no answer) waits this long for a status webhook naming it (10 min). */
  outcomeWaitMs?: number;
  /** Then: marked failed (`fail`, the default: never sends twice) or sent again (`resend`). */
  unknownOutcome?: 'fail' | 'resend';
}

export interface ChannelsConfig {
  /** A connection's lease outlives a dead process by at most this long (default 9 s; renewed every third of it). */
  leaseTtlMs: number;
  /** How often connections nobody runs are looked for and started (default 2 s). */
  sweepIntervalMs: number;
  /** How long a session command sent to another process waits for its answer (default 30 s). */
  commandTimeoutMs?: number;
  /** WhatsApp Cloud API connections: where the Graph API is (Meta's, or the local fake) and its version. */
  cloudApi?: { graphBaseUrl: string; graphVersion: string };
}

export type ProcessRole = RawEnv['ROLE'];

/** Runs WhatsApp sessions, the bot, timers, campaigns and imports. */
export const runsBackgroundWork = (config: Pick<AppConfig, 'role'>): boolean => config.role !== 'api';

/** Accepts browser sockets (a worker only emits, through Redis). */
export const servesSockets = (config: Pick<AppConfig, 'role'>): boolean => config.role !== 'worker';

export interface AutomationConfig {
  openAiBaseUrl: string;
  dialogflowApiUrl: string;
  /** Azure-compatible text-to-speech base URL, with an optional `{region}` placeholder. */
  speechApiUrl: string;
  /** How long one text-to-speech answer may take, audio included. */
  speechTimeoutMs: number;
  /** Milliseconds in one minute of bot timers. */
  minuteMs: number;
  /** Integrations may call loopback and private addresses. */
  allowPrivateNetworks: boolean;
}

export interface MediaConfig {
  /** Per uploaded file. */
  maxUploadBytes: number;
  /** Lifetime of signed media links given to integrations. */
  linkTtlSeconds: number;
  /** HMAC key of those links. */
  linkSecret: string;
}

export interface StorageConfig {
  /** `local`: files under DATA_DIR/public; `s3`: objects in an S3-compatible bucket, same keys. */
  driver: 'local' | 's3';
  /** The bucket's settings; set whenever S3_BUCKET is (the copy command uses them while the driver is still local). */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** null: AWS S3 itself. */
  endpoint: string | null;
  /** null (with the secret): the SDK's own credential chain. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  loginPerIp: RateLimitRule;
  /** Attempts on one account from one address (the lock a guesser meets). */
  loginPerAccountAndIp: RateLimitRule;
  /** Attempts on one account from everywhere (bounds guessing spread over many addresses). */
  loginPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerEmail: RateLimitRule;
  signupPerIp: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 60, windowSeconds: 60 },
  loginPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 100, windowSeconds: 15 * 60 },
  resetPerIp: { limit: 20, windowSeconds: 15 * 60 },
  resetPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
};

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * Redis pub/sub ignores database numbers, so two installs sharing one Redis server must differ by prefix: by default
 * the database name (and a non-default port), which two installs never share by accident.
 */
export function redisPrefixFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const port = url.port && url.port !== '5432' ? `_${url.port}` : '';
  return `${name}${port}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);
}

/** The database address without its password, for logs. */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Secrets generated once per install when not given, so a restart keeps sessions valid. */
function persistedSecret(dataDir: string, name: string): string {
  const file = resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(process.cwd(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export function loadConfig(source: Record<string, string | undefined>, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = parseEnv(source);
  const dataDir = resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret');
  const databaseUrl = env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/atendechat';
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    role: env.ROLE,
    trustProxy: env.TRUST_PROXY,
    databaseUrl,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX ?? redisPrefixFor(databaseUrl),
    whatsappWebSocketUrl: env.WHATSAPP_WS_URL ?? null,
    jwtSecret,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? persistedSecret(dataDir, 'jwt-refresh-secret'),
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 7 * 24 * 3600,
    demoData: env.DEMO_DATA ?? !isProduction,
    dataDir,
    mailOutboxDir: resolve(dataDir, 'outbox'),
    logLevel: env.LOG_LEVEL,
    requestLogSample: env.REQUEST_LOG_SAMPLE,
    publicUrl: env.PUBLIC_URL,
    apiDocs: env.API_DOCS ?? !isProduction,
    media: {
      maxUploadBytes: env.MEDIA_MAX_MB * 1024 * 1024,
      linkTtlSeconds: env.MEDIA_LINK_TTL_SECONDS,
      // Its own key, derived so an install has nothing more to keep.
      linkSecret: createHmac('sha256', jwtSecret).update('media-links').digest('base64url'),
    },
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    authContextCacheMs: env.AUTH_CONTEXT_CACHE_MS,
    version: packageVersion(),
    rateLimits: DEFAULT_RATE_LIMITS,
    automation: {
      openAiBaseUrl: env.OPENAI_BASE_URL,
      dialogflowApiUrl: env.DIALOGFLOW_API_URL,
      speechApiUrl: env.SPEECH_API_URL,
      speechTimeoutMs: env.SPEECH_TIMEOUT_MS,
      minuteMs: env.BOT_MINUTE_MS,
      allowPrivateNetworks: env.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS ?? !isProduction,
    },
    simulatorSecret: isProduction ? null : persistedSecret(dataDir, 'simulator-secret'),
    jobs: { reconcileIntervalMs: env.JOB_RECONCILE_MS },
    metrics: { token: env.METRICS_TOKEN ?? null, port: env.METRICS_PORT ?? null, refreshMs: 5000 },
    storage: {
      driver: env.STORAGE,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT ?? null,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? !!env.S3_ENDPOINT,
          }
        : null,
    },
    campaigns: { secondMs: env.CAMPAIGN_SECOND_MS, outcomeWaitMs: env.SEND_OUTCOME_WAIT_MS, unknownOutcome: env.SEND_OUTCOME_UNKNOWN },
    billing: {
      provider: env.PAYMENT_PROVIDER,
      pix: { key: env.PIX_KEY, merchantName: env.PIX_MERCHANT_NAME, merchantCity: env.PIX_MERCHANT_CITY },
      sandboxSecret: env.SANDBOX_WEBHOOK_SECRET ?? persistedSecret(dataDir, 'sandbox-webhook-secret'),
      asaas: { baseUrl: env.ASAAS_API_URL, apiKey: env.ASAAS_API_KEY ?? null, webhookToken: env.ASAAS_WEBHOOK_TOKEN ?? null },
      chargeTtlSeconds: 24 * 3600,
    },
    channels: {
      leaseTtlMs: env.CONNECTION_LEASE_TTL_MS,
      sweepIntervalMs: env.CONNECTION_SWEEP_MS,
      commandTimeoutMs: env.SESSION_COMMAND_TIMEOUT_MS,
      cloudApi: { graphBaseUrl: env.CLOUD_API_GRAPH_URL, graphVersion: env.CLOUD_API_GRAPH_VERSION },
    },
    // Seals what tenants hand us (Cloud API tokens); derived like the media links' key unless given.
    secretsKey: env.SECRETS_KEY ?? createHmac('sha256', jwtSecret).update('tenant-secrets').digest('base64url'),
    ...overrides,
  };
}
