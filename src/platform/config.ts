// All configuration comes from environment variables, checked by one zod schema at start-up (fail fast); its fields
// are grouped by what they configure in config-schema/.
import { z } from 'zod';
import { accessFields } from './config-schema/access';
import { fileFields } from './config-schema/files';
import { mailFields } from './config-schema/mail';
import { paymentFields } from './config-schema/payments';
import { processingFields } from './config-schema/processing';
import { DEVELOPMENT_SECRET, runtimeFields } from './config-schema/runtime';
import { secretScanningFields } from './config-schema/secret-scanning';
import { sellerFields } from './config-schema/seller';
import { webhookFields } from './config-schema/webhooks';

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const ConfigSchema = z
  .object({
    ...runtimeFields,
    ...accessFields,
    ...mailFields,
    ...processingFields,
    ...paymentFields,
    ...secretScanningFields,
    ...sellerFields,
    ...fileFields,
    ...webhookFields,
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
  /** The Temporal Web UI: TEMPORAL_UI_URL, or the embedded dev server's. */
  temporalUiUrl: string;
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
    temporalUiUrl: c.TEMPORAL_UI_URL ?? `http://localhost:${c.TEMPORAL_UI_PORT}`,
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
