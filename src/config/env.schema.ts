import { z } from 'zod';

const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the process reads, validated once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Proxies whose X-Forwarded-For is believed (Express "trust proxy"), e.g. `loopback,uniquelocal` behind a proxy on a private network. */
  TRUST_PROXY: z
    .string()
    .regex(/^[A-Za-z0-9.:/,\s]+$/, 'names (loopback, linklocal, uniquelocal) or addresses/CIDRs, comma separated')
    .default('loopback'),
  /** What this process does: `api` (HTTP and sockets), `worker` (WhatsApp sessions, bot, timers, campaigns, imports) or `all`. */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Key and channel prefix; default: derived from the database name, so installs sharing one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only')
    .optional(),
  /** Where WhatsApp sessions connect; default: WhatsApp Web's own address (change it for a relay, or for an offline test run). */
  WHATSAPP_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: booleanString.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Share of successful reads (GET/HEAD under 400) that get a request log line; writes and errors always do. */
  REQUEST_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(1),
  PUBLIC_URL: z.string().url().optional(),
  /** OpenAPI page at /api/docs. Default: on outside production, off in production. */
  API_DOCS: booleanString.optional(),
  /** Largest file one upload may carry, in MB (at most 100). */
  MEDIA_MAX_MB: z.coerce.number().int().min(1).max(100).default(100),
  /** How long a media link handed to an integration (webhook, n8n, Typebot) stays valid. */
  MEDIA_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** How long a request's auth context is reused in a process (invalidated across processes on change); 0 turns it off. */
  AUTH_CONTEXT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** How long the audit trail keeps an entry, in days. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** OpenAI-compatible chat API; point it at a self-hosted model server to keep data in house. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  /** Text-to-speech for prompts with a neural voice; `{region}` is replaced by the prompt's voice region. */
  SPEECH_API_URL: z.string().min(8).default('https://{region}.tts.speech.microsoft.com'),
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  CLOUD_API_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  CLOUD_API_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v24.0'),
  SECRETS_KEY: z.string().min(32).optional(),
  /** Let integrations call private network addresses (self-hosted n8n or Typebot beside the app). Default: outside production. */
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: booleanString.optional(),
  /** Length of the "minute" of bot timers (expiresTicket, timeToTransfer...): shorter only in tests and demos. */
  BOT_MINUTE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** Length of the "second" of campaign intervals (messageInterval, greaterInterval): shorter only in tests and benches. */
  CAMPAIGN_SECOND_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  /**
   * A campaign or scheduled send through a provider that assigns the message id (the Cloud API) whose outcome a crash
   * left unknown waits this long for a status webhook naming it before it is decided (10 minutes).
   */
  SEND_OUTCOME_WAIT_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** What is decided then: `fail` (default: never sends twice) or `resend` (never misses, may send twice). */
  SEND_OUTCOME_UNKNOWN: z.enum(['fail', 'resend']).default('fail'),
  /**
   * How long a WhatsApp session's lease outlives a process that died: its connection runs elsewhere within this time.
   * Renewed every third of it; a holder that cannot renew it for two thirds (Redis unreachable) stops its session.
   */
  CONNECTION_LEASE_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(9000),
  /** How long a session command sent to the worker that runs the connection waits for its answer. */
  SESSION_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How often to check whether Redis lost the delayed jobs (scheduled messages, bot timers) and arm them again. */
  JOB_RECONCILE_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** Interval of the sweep that starts the connections nobody runs (a lease about to expire is looked at when it does). */
  CONNECTION_SWEEP_MS: z.coerce.number().int().min(500).max(600_000).default(2000),
  /** Who issues the Pix charges of invoices: `sandbox` (a local provider paid through a dev endpoint) or `asaas`. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'asaas']).default('sandbox'),
  /** The Pix key that receives payments, and the merchant name and city of the BR Codes the sandbox issues. */
  PIX_KEY: z.string().min(1).max(77).default('cobranca@example.com'),
  PIX_MERCHANT_NAME: z.string().min(1).max(25).default('Atendechat'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15).default('SAO PAULO'),
  /** Signs the sandbox provider's webhooks; generated in the data directory when not given. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ASAAS_API_URL: z.string().url().default('https://api.asaas.com/v3'),
  ASAAS_API_KEY: z.string().min(1).optional(),
  /** The token Asaas sends in the `asaas-access-token` header of its webhooks (set in the Asaas panel). */
  ASAAS_WEBHOOK_TOKEN: z.string().min(16).optional(),
  /** Where media files go: `local` (DATA_DIR/public, one machine) or `s3` (an S3-compatible bucket any process can reach). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  /** Another S3-compatible service (MinIO, Cloudflare R2, a local test server); unset: AWS S3 of the region. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Unset: the AWS SDK's own credential chain (instance role, AWS_* variables, shared files). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path rather than the host name; default: on with S3_ENDPOINT (MinIO needs it), off without. */
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  /** Bearer token that opens `/metrics` on the main port; without it the main port does not serve metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second port serving only `/metrics`, without a token (keep it off the public network). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvValidationError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = result.data;
  if (env.NODE_ENV === 'production') {
    const missing = (['DATABASE_URL', 'JWT_SECRET', 'JWT_REFRESH_SECRET'] as const).filter((k) => !env[k]);
    if (missing.length) throw new EnvValidationError(missing.map((k) => `${k}: required in production`));
  }
  const storageProblems = [
    ...(env.STORAGE === 's3' && !env.S3_BUCKET ? ['S3_BUCKET: required with STORAGE=s3'] : []),
    ...(!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither'] : []),
  ];
  if (storageProblems.length) throw new EnvValidationError(storageProblems);
  return env;
}
