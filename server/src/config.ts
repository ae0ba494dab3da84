import path from 'node:path';
import { z } from 'zod';
import { parseSecretsKey, type SecretsBox } from './lib/secrets-box.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  DEMO_DATA: flag.optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /** The built-in SMTP listener for email integrations (contract section 10); unset: off. */
  SMTP_LISTEN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_FROM: z.string().default('Support Inbox <no-reply@localhost>'),
  PORTAL_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(86400),
  PORTAL_STARTS_PER_MINUTE_PER_IP: z.coerce.number().int().min(0).default(20),
  PORTAL_MESSAGES_PER_MINUTE_PER_IP: z.coerce.number().int().min(0).default(600),
  PORTAL_MESSAGES_PER_MINUTE_PER_TOKEN: z.coerce.number().int().min(0).default(60),
  AI_BASE_URL: z.string().url().optional(),
  ALLOW_PRIVATE_WEBHOOK_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  META_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'folders ending in /, such as inbox/')
    .default(''),
  /** Addresses of trusted proxies (comma-separated), or `true`: client IPs then come from X-Forwarded-For. */
  TRUST_PROXY: z.string().optional(),
  EVENT_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** Unchanged inbox lists answered from memory (`conversations/list-cache.ts`); false: every poll computes. */
  INBOX_LIST_CACHE: flag.default(true),
  /** 32 bytes as hex or base64 that seal integration secrets at rest (decision 038). */
  SECRETS_KEY: z.string().optional(),
  /** Earlier keys (comma-separated) still opening what they sealed until `npm run secrets:rotate`. */
  SECRETS_KEY_PREVIOUS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines otherwise (a file, a pipe, a log collector). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
});

/** Where attachment bytes live: `DATA_DIR/attachments`, or a bucket several machines share. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service (MinIO, R2, ...); AWS itself when unset. */
      endpoint: string | undefined;
      /** Unset: the AWS SDK's own credential chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Prepended to every key, so one bucket can hold several installations. */
      prefix: string;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  /** undefined: decided at start (on for an empty embedded database). */
  demoData: boolean | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Where email integrations receive mail (on `host`); undefined: no listener. 0 picks a free port (tests). */
  smtpListenPort: number | undefined;
  mailFrom: string;
  portalSessionTtlSeconds: number;
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  logLevel: string;
  /** How log lines are written (LOG_FORMAT); `server/src/log-options.ts` settles `auto` at start. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Events older than this are pruned (once every registered consumer has handled them). */
  eventRetentionDays: number;
  /** A poll of an unchanged inbox list is answered from the process's memory (INBOX_LIST_CACHE). */
  inboxListCache: boolean;
  /** Behind a load balancer: which proxies' X-Forwarded-For to believe (rate limits key on the client IP). */
  trustProxy: boolean | string;
  /** Webhooks may call private and local addresses: for tests and local setups only (contract section 10). */
  allowPrivateWebhookTargets: boolean;
  /** Provider API bases (contract section 10), settings so tests run against local servers. */
  metaApiUrl: string;
  twilioApiUrl: string;
  storage: StorageConfig;
  /** SECRETS_KEY and SECRETS_KEY_PREVIOUS as bytes; unset: a key file in DATA_DIR (`bootstrap/secrets-key.ts`). */
  secretsKey: Buffer | undefined;
  secretsKeyPrevious: Buffer[];
  /** Seals and opens stored secrets under those keys; made at start like `jwtSecret`. */
  secrets: SecretsBox;
  /** Secret for signing access tokens; created in the database at start, sealed there. */
  jwtSecret: string;
  /** Login attempts allowed per IP and per email in a 15-minute window. */
  loginRateLimit: { perIp: number; perEmail: number; windowMs: number };
  /** Portal starts per IP, and portal messages per IP and per token, in a window; 0 turns a limit off. */
  portalRateLimit: { startsPerIp: number; messagesPerIp: number; messagesPerToken: number; windowMs: number };
}

function storageConfig(e: z.infer<typeof Env>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  if (!e.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER is s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return {
    driver: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Most self-hosted S3-compatible servers only answer path-style addresses (host/bucket/key).
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX,
  };
}

const KEY_HINT =
  'must be 32 bytes as 64 hex digits or base64 (for example the output of: openssl rand -base64 32)';

/** SECRETS_KEY and SECRETS_KEY_PREVIOUS as bytes; a bad one stops the start, naming the variable, never the key. */
function secretsKeys(e: z.infer<typeof Env>) {
  const problems: string[] = [];
  const current = e.SECRETS_KEY === undefined ? undefined : parseSecretsKey(e.SECRETS_KEY);
  if (current === null) problems.push(`SECRETS_KEY: ${KEY_HINT}`);
  const previous = (e.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim() !== '')
    .map((k, i) => {
      const key = parseSecretsKey(k);
      if (!key) problems.push(`SECRETS_KEY_PREVIOUS: key ${i + 1} ${KEY_HINT}`);
      return key;
    });
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return { secretsKey: current ?? undefined, secretsKeyPrevious: previous as Buffer[] };
}

/** What the environment gives; the token secret and the secrets box are added at start. */
export type BaseConfig = Omit<Config, 'jwtSecret' | 'secrets'>;

const blankToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

/** Parses the environment once; an invalid value stops the process with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BaseConfig {
  const parsed = Env.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const storage = storageConfig(e);
  return {
    ...secretsKeys(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpListenPort: e.SMTP_LISTEN_PORT,
    mailFrom: e.MAIL_FROM,
    portalSessionTtlSeconds: e.PORTAL_SESSION_TTL_SECONDS,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
        : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    inboxListCache: e.INBOX_LIST_CACHE,
    trustProxy: e.TRUST_PROXY === undefined ? false : e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY,
    allowPrivateWebhookTargets: e.ALLOW_PRIVATE_WEBHOOK_TARGETS,
    metaApiUrl: e.META_API_URL.replace(/\/$/, ''),
    twilioApiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
    storage,
    loginRateLimit: { perIp: 30, perEmail: 10, windowMs: 15 * 60 * 1000 },
    portalRateLimit: {
      startsPerIp: e.PORTAL_STARTS_PER_MINUTE_PER_IP,
      messagesPerIp: e.PORTAL_MESSAGES_PER_MINUTE_PER_IP,
      messagesPerToken: e.PORTAL_MESSAGES_PER_MINUTE_PER_TOKEN,
      windowMs: 60 * 1000,
    },
  };
}
