// All configuration comes from environment variables, checked by one zod schema at start-up (fail fast).
import { createPublicKey } from 'node:crypto';
import { DEFAULT_DUNNING_DAYS } from '../domains/subscription/dunning.logic';
import { z } from 'zod';
import {
  NAMESPACES,
  PAYMENT_SETTLEMENT_TIMEOUT_MS,
  REFUND_STATUS_CHECK_INTERVAL_MS,
  TASK_QUEUE,
  WEBHOOK_DELIVERY,
  WORKER_TUNING,
} from '../../temporal.config';

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const DEVELOPMENT_SECRET = 'insecure-development-secret-do-not-use-in-production';

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** `|`-separated lines (none when unset). */
const lines = z
  .string()
  .default('')
  .transform((v) => v.split('|').flatMap((line) => line.trim() || []));

/** An ECDSA P-256 public key in PEM, the kind a secret-scanning program signs its reports with. */
function isP256PublicKey(pem: string): boolean {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/**
 * A JSON list of `{key_identifier, key}`, or GitHub's whole answer (`{public_keys: [...]}` from
 * api.github.com/meta/public_keys/secret_scanning) pasted as is; none when unset.
 */
const secretScanningPublicKeys = z
  .string()
  .default('')
  .transform((text, ctx) => {
    try {
      const value = text.trim() ? (JSON.parse(text) as unknown) : [];
      return (value as { public_keys?: unknown })?.public_keys ?? value;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {key_identifier, key}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          key_identifier: z.string().min(1).max(200),
          key: z.string().refine(isP256PublicKey, 'must be an ECDSA P-256 public key in PEM'),
        }),
      )
      .max(50),
  );

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    BURSAR_SECRET: z.string().min(32).default(DEVELOPMENT_SECRET),
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/bursar'),
    DATABASE_POOL_MAX: int(10),
    TEMPORAL_ADDRESS: z.string().optional(),
    TEMPORAL_PORT: int(7233),
    TEMPORAL_UI_PORT: int(8233),
    TEMPORAL_NAMESPACE_PRODUCTION: z.string().default(NAMESPACES.production),
    TEMPORAL_NAMESPACE_SANDBOX: z.string().default(NAMESPACES.sandbox),
    TEMPORAL_TASK_QUEUE: z.string().default(TASK_QUEUE),
    TEMPORAL_CLI_PATH: z.string().optional(),
    WORKER_MAX_CACHED_WORKFLOWS: int(WORKER_TUNING.maxCachedWorkflows),
    WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: int(WORKER_TUNING.maxConcurrentWorkflowTaskExecutions),
    WORKER_MAX_CONCURRENT_ACTIVITIES: int(WORKER_TUNING.maxConcurrentActivityTaskExecutions),
    /** A workflow bundle built ahead (`bundleWorkflowCode`, written to a file): the worker starts without bundling. */
    WORKFLOW_BUNDLE_PATH: z.string().optional(),
    HOST: z.string().default('127.0.0.1'),
    /** Behind a load balancer: take the client IP (for per-IP rate limits) from X-Forwarded-For. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    PORT: int(8000),
    SANDBOX_PORT: int(8001),
    PUBLIC_URL: z.url().optional(),
    SANDBOX_PUBLIC_URL: z.url().optional(),
    REDIS_URL: z.string().optional(),
    RATE_LIMIT_ORG_PER_MINUTE: int(300),
    RATE_LIMIT_IP_PER_SECOND: int(100),
    /** Unauthenticated license-key validate, activate and deactivate, per client IP. */
    RATE_LIMIT_LICENSE_KEY_PER_SECOND: int(3),
    RATE_LIMIT_CUSTOMER_PER_MINUTE: int(300),
    /** Calls with an app's OAuth2 access token, per OAuth2 client (whichever organizations granted it access). */
    RATE_LIMIT_OAUTH2_CLIENT_PER_MINUTE: int(300),
    /** The customer portal's e-mail code login (request and authenticate), per client IP; past either, a 15-minute block. */
    RATE_LIMIT_LOGIN_PER_MINUTE: int(6),
    RATE_LIMIT_LOGIN_PER_HOUR: int(12),
    /** How long a customer session token lives. */
    CUSTOMER_SESSION_TTL_SECONDS: int(3600),
    /** How long an e-mailed portal login code stays valid. */
    CUSTOMER_LOGIN_CODE_TTL_SECONDS: int(30 * 60),
    /** Where e-mail goes out (`smtp://user:pass@host:port`, `smtps://…`); `./run start` points it at its local mail catcher. */
    SMTP_URL: z.string().optional(),
    EMAIL_FROM: z.string().default('Bursar <no-reply@bursar.localhost>'),
    /** The local mail catcher (MailDev) that `bursar start` runs when SMTP_URL is unset: its SMTP and web UI ports. */
    MAILDEV_SMTP_PORT: int(1025),
    MAILDEV_WEB_PORT: int(1080),
    BODY_LIMIT_BYTES: int(1_000_000),
    /** `off`: meter quantities read raw events only, never the hourly rollups (benchmarks, diagnosis). */
    EVENT_ROLLUPS: z.enum(['on', 'off']).default('on'),
    OUTBOX_RELAY_INTERVAL_MS: int(5_000),
    OUTBOX_RELAY_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    DATA_DIR: z.string().default('.data'),
    CHECKOUT_TTL_SECONDS: int(3600),
    /** How long a checkout or renewal waits for the processor to settle a charge it reported as processing; then it is canceled. */
    PAYMENT_SETTLEMENT_TIMEOUT_MS: int(PAYMENT_SETTLEMENT_TIMEOUT_MS),
    /** How often a refund the processor reports as pending is checked again. */
    REFUND_STATUS_CHECK_INTERVAL_MS: int(REFUND_STATUS_CHECK_INTERVAL_MS),
    /** The production payment processor (Stripe); the sandbox always uses the built-in sandbox processor. */
    STRIPE_SECRET_KEY: z.string().optional(),
    /** The hosted checkout's card fields in production (Stripe Elements); without it production checkouts take no card on the page. */
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** Verifies the events Stripe posts to /v1/integrations/stripe/webhook. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Verifies the leak reports of a secret-scanning program (GitHub's) posted to /v1/secret-scanning/report; none: every report is refused. */
    SECRET_SCANNING_PUBLIC_KEYS: secretScanningPublicKeys,
    /** Dunning: days between a failed renewal payment and each retry (the last failure revokes the subscription). */
    DUNNING_RETRY_DAYS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'Comma-separated whole days, e.g. 2,5,7,7')
      .default(DEFAULT_DUNNING_DAYS.join(','))
      .transform((v) => v.split(',').map(Number)),
    /** Bursar is the seller of record: where it is established, and where it collects tax (unset: everywhere). */
    SELLER_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('US'),
    /** The seller of record's identity on invoices, receipts and credit notes. */
    SELLER_NAME: z.string().min(1).default('Bursar'),
    /** Address lines separated by `|`, e.g. `1 Market St|San Francisco, CA 94105|United States`. */
    SELLER_ADDRESS: lines,
    /** Tax registration numbers printed on documents, `|`-separated, e.g. `EU OSS VAT EU372000000|GB VAT GB000000000`. */
    SELLER_TAX_IDS: lines,
    SELLER_TAX_REGISTRATIONS: z
      .string()
      .regex(/^[A-Z]{2}(,[A-Z]{2})*$/)
      .optional()
      .transform((v) => v?.split(',')),
    FILE_MAX_SIZE_BYTES: int(100 * 1024 * 1024),
    FILE_URL_TTL_SECONDS: int(3600),
    /** The longest an offline license token lives, so revocations reach apps at the latest then (30 days). */
    LICENSE_TOKEN_TTL_SECONDS: int(30 * 24 * 3600),
    /** Any S3-compatible store; without S3_BUCKET files live on local disk under DATA_DIR/files. */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    S3_PUBLIC_URL: z.url().optional(),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(WEBHOOK_DELIVERY.timeoutMs),
    WEBHOOK_RETRY_INITIAL_INTERVAL_MS: int(WEBHOOK_DELIVERY.initialIntervalMs),
    WEBHOOK_RETRY_BACKOFF_COEFFICIENT: z.coerce.number().min(1).default(WEBHOOK_DELIVERY.backoffCoefficient),
    WEBHOOK_RETRY_MAX_INTERVAL_MS: int(WEBHOOK_DELIVERY.maximumIntervalMs),
    WEBHOOK_MAX_ATTEMPTS: int(WEBHOOK_DELIVERY.maximumAttempts),
    WEBHOOK_ORDERING_MAX_WAIT_MS: z.coerce.number().int().min(0).default(WEBHOOK_DELIVERY.orderingMaxWaitMs),
    /** Consecutive events that failed for good before an endpoint is disabled. */
    WEBHOOK_DISABLE_AFTER_FAILURES: int(10),
    /** Allow http:// and private, loopback and link-local receivers in the sandbox (local development); production ignores it. */
    WEBHOOK_ALLOW_PRIVATE_URLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.BURSAR_SECRET !== DEVELOPMENT_SECRET, {
    path: ['BURSAR_SECRET'],
    message: 'must be set to a random secret of at least 32 characters in production',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SMTP_URL, {
    path: ['SMTP_URL'],
    message: 'must name the mail server in production (login codes and receipts are e-mailed)',
  });

export type Config = z.infer<typeof ConfigSchema> & {
  /** Temporal frontend the processes connect to: TEMPORAL_ADDRESS, or the embedded dev server. */
  temporalAddress: string;
  embeddedTemporal: boolean;
  namespaces: Record<Environment, string>;
  databaseUrls: Record<Environment, string>;
  ports: Record<Environment, number>;
  publicUrls: Record<Environment, string>;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  const ports = { production: c.PORT, sandbox: c.SANDBOX_PORT };
  return {
    ...c,
    temporalAddress: c.TEMPORAL_ADDRESS ?? `127.0.0.1:${c.TEMPORAL_PORT}`,
    embeddedTemporal: !c.TEMPORAL_ADDRESS,
    namespaces: { production: c.TEMPORAL_NAMESPACE_PRODUCTION, sandbox: c.TEMPORAL_NAMESPACE_SANDBOX },
    databaseUrls: {
      production: environmentDatabaseUrl(c.DATABASE_URL, 'production'),
      sandbox: environmentDatabaseUrl(c.DATABASE_URL, 'sandbox'),
    },
    ports,
    publicUrls: {
      production: c.PUBLIC_URL ?? `http://localhost:${ports.production}`,
      sandbox: c.SANDBOX_PUBLIC_URL ?? `http://localhost:${ports.sandbox}`,
    },
  };
}

/** Each environment lives in its own database: `<name>_production` and `<name>_sandbox` beside DATABASE_URL's. */
export function environmentDatabaseUrl(databaseUrl: string, environment: Environment): string {
  const url = new URL(databaseUrl);
  const base = url.pathname.replace(/^\//, '') || 'bursar';
  url.pathname = `/${base}_${environment}`;
  return url.toString();
}
