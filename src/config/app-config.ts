import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv, type RawEnv } from './env.schema.js';

export interface AppConfig {
  nodeEnv: RawEnv['NODE_ENV'];
  isProduction: boolean;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  demoData: boolean;
  dataDir: string;
  mailOutboxDir: string;
  logLevel: RawEnv['LOG_LEVEL'];
  publicUrl?: string;
  version: string;
  rateLimits: RateLimits;
  automation: AutomationConfig;
}

export interface AutomationConfig {
  openAiBaseUrl: string;
  dialogflowApiUrl: string;
  /** Azure-compatible text-to-speech base URL, with an optional `{region}` placeholder. */
  speechApiUrl: string;
  /** Milliseconds in one minute of bot timers. */
  minuteMs: number;
  /** Integrations may call loopback and private addresses. */
  allowPrivateNetworks: boolean;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  loginPerIp: RateLimitRule;
  loginFailuresPerEmail: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerEmail: RateLimitRule;
  signupPerIp: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 60, windowSeconds: 60 },
  loginFailuresPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  resetPerIp: { limit: 20, windowSeconds: 15 * 60 },
  resetPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
};

export const APP_CONFIG = Symbol('APP_CONFIG');

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
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/atendechat',
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    jwtSecret: env.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? persistedSecret(dataDir, 'jwt-refresh-secret'),
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 7 * 24 * 3600,
    demoData: env.DEMO_DATA ?? !isProduction,
    dataDir,
    mailOutboxDir: resolve(dataDir, 'outbox'),
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL,
    version: packageVersion(),
    rateLimits: DEFAULT_RATE_LIMITS,
    automation: {
      openAiBaseUrl: env.OPENAI_BASE_URL,
      dialogflowApiUrl: env.DIALOGFLOW_API_URL, speechApiUrl: env.SPEECH_API_URL,
      minuteMs: env.BOT_MINUTE_MS,
      allowPrivateNetworks: env.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS ?? !isProduction,
    },
    ...overrides,
  };
}
