import { z } from 'zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting of the server, read from the environment and validated once at boot. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('no-reply@marketplace.local'),
  DEFAULT_STORE: z.string().optional(),
  DEMO_PASSWORD: z.string().min(8).default('demo-password-123'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  SHOPIFY_API_KEY: z.string().default(''),
  SHOPIFY_API_SECRET: z.string().default(''),
  SHOPIFY_SCOPES: z.string().default('read_products,write_products,read_orders,write_orders'),
  SHOPIFY_ADMIN_BASE_URL: z.string().url().optional(),
  /** The Admin GraphQL version the product sync speaks (productSet with synchronous mode needs 2024-07 or later). */
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .default('2025-07'),
  /** Plan charges made as test charges (development shops cannot be charged for real). */
  SHOPIFY_BILLING_TEST: bool,
  BACKGROUND_REMOVAL: z.enum(['local', 'remote']).default('local'),
  REMOVE_BG_API_KEY: z.string().default(''),
  REMOVE_BG_URL: z.string().url().default('https://api.remove.bg'),
  /** Stripe's API host (an in-process fake in tests). */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** PayPal's API host for every store, instead of the sandbox or live host its keys choose (a fake in tests). */
  PAYPAL_API_URL: z.string().url().optional(),
  /** How long a provider payout may stay unconfirmed before the recovery asks the provider about it. */
  PAYOUT_RECOVERY_AFTER_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Where Shippo calls go (an in-process fake in tests). */
  SHIPPO_BASE_URL: z.string().url().default('https://api.goshippo.com'),
  /** The Google service account the sheets are written as (both or neither; the sheet is shared with its e-mail). */
  GOOGLE_SHEETS_CLIENT_EMAIL: z.string().email().optional(),
  /** Its PKCS#8 PEM key, as in the account's JSON key file (literal \n sequences allowed). */
  GOOGLE_SHEETS_PRIVATE_KEY: z.string().optional(),
  /** Where Sheets API and token calls go (in-process fakes in tests). */
  GOOGLE_SHEETS_API_URL: z.string().url().default('https://sheets.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** Write requests a minute each process sends (Google allows 60 per user, 300 per project). */
  GOOGLE_SHEETS_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(300).default(50),
  /** Hosts a user-given URL may name although they are internal (comma-separated; only for the tests' fakes). */
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('./dist/web'),
  /** The Chromium that prints documents as PDF (/usr/bin/chromium when it exists); empty: documents open as HTML to print. */
  CHROMIUM_PATH: z.string().optional(),
  /** How long a SIGTERM may take (requests in flight, the job in progress) before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
});

/** Where Debian's chromium package puts the browser. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function isRsaPrivateKey(pem: string) {
  if (!pem.includes('-----BEGIN PRIVATE KEY-----')) return false;
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.BACKGROUND_REMOVAL === 'remote' && !e.REMOVE_BG_API_KEY) {
    throw new Error('Invalid configuration:\n  REMOVE_BG_API_KEY: required when BACKGROUND_REMOVAL=remote');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  const sheetsKey = e.GOOGLE_SHEETS_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (Boolean(e.GOOGLE_SHEETS_CLIENT_EMAIL) !== Boolean(sheetsKey)) {
    throw new Error('Invalid configuration:\n  GOOGLE_SHEETS_CLIENT_EMAIL and GOOGLE_SHEETS_PRIVATE_KEY: set both or neither');
  }
  if (sheetsKey && !isRsaPrivateKey(sheetsKey)) {
    throw new Error(
      'Invalid configuration:\n  GOOGLE_SHEETS_PRIVATE_KEY: not an RSA private key in PEM (PKCS#8, "-----BEGIN PRIVATE KEY-----")',
    );
  }
  if (e.CHROMIUM_PATH && !existsSync(e.CHROMIUM_PATH)) {
    throw new Error(`Invalid configuration:\n  CHROMIUM_PATH: no file at ${e.CHROMIUM_PATH}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    /** The origin used in links we send (mails, signed URLs); never taken from the Host header. */
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    defaultStore: e.DEFAULT_STORE,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    storage: e.STORAGE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      scopes: e.SHOPIFY_SCOPES,
      /** Where server-to-server admin calls go instead of https://{shop} (an in-process fake in tests). */
      adminBaseUrl: e.SHOPIFY_ADMIN_BASE_URL,
      apiVersion: e.SHOPIFY_API_VERSION,
      billingTest: e.SHOPIFY_BILLING_TEST,
    },
    backgroundRemoval: {
      kind: e.BACKGROUND_REMOVAL,
      apiKey: e.REMOVE_BG_API_KEY,
      baseUrl: e.REMOVE_BG_URL.replace(/\/$/, ''),
    },
    payments: {
      stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
      paypalApiUrl: e.PAYPAL_API_URL?.replace(/\/$/, ''),
      recoveryAfterSeconds: e.PAYOUT_RECOVERY_AFTER_SECONDS,
    },
    shippo: { baseUrl: e.SHIPPO_BASE_URL.replace(/\/$/, '') },
    googleSheets: {
      credentials: e.GOOGLE_SHEETS_CLIENT_EMAIL && sheetsKey ? { clientEmail: e.GOOGLE_SHEETS_CLIENT_EMAIL, privateKey: sheetsKey } : null,
      apiUrl: e.GOOGLE_SHEETS_API_URL.replace(/\/$/, ''),
      tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
      writesPerMinute: e.GOOGLE_SHEETS_WRITES_PER_MINUTE,
    },
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    chromiumPath: e.CHROMIUM_PATH === undefined ? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null) : e.CHROMIUM_PATH || null,
  };
}
