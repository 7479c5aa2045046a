import path from 'node:path';
import { z } from 'zod';

/** Every setting of the server, read once from the environment (DESIGN §6). Nothing else reads process.env. */
const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Samaj <no-reply@samaj.local>'),
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL such as http://localhost:3000' })
    .optional(),
  PAYMENT_PROVIDER: z.enum(['mock', 'stripe']).default('mock'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORG_NAME: z.string().min(1).default('Gujarati Samaj'),
  EVENT_PREFIX: z.string().min(1).default('Gala'),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface TConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  paymentProvider: 'mock' | 'stripe';
  stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string };
  seedDemo: boolean;
  logLevel: string;
  /** Believe X-Forwarded-For only behind a known proxy: otherwise anyone could dodge per-address limits. */
  trustProxy: boolean;
  orgName: string;
  eventPrefix: string;
  timeZone: string;
  version: string;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  version = '0.0.0',
): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const c = parsed.data;
  if (c.PAYMENT_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe',
    );
  }
  const seedDefault = c.NODE_ENV !== 'production';
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    paymentProvider: c.PAYMENT_PROVIDER,
    stripe: {
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      apiBase: c.STRIPE_API_BASE,
    },
    seedDemo: c.SEED_DEMO === undefined ? seedDefault : ['true', '1', 'on'].includes(c.SEED_DEMO),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY === 'true',
    orgName: c.ORG_NAME,
    eventPrefix: c.EVENT_PREFIX,
    timeZone: c.TIME_ZONE,
    version,
  };
}
