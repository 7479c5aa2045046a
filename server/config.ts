import net from 'node:net';
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
  TRUST_PROXY: z.string().trim().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORG_NAME: z.string().min(1).default('Gujarati Samaj'),
  ORG_ADDRESS: z.string().trim().min(1).default('1979 Community Center Drive, Chicago, IL 60601'),
  ORG_PHONE: z.string().trim().min(1).default('(312) 555-0179'),
  ORG_EMAIL: z.email({ message: 'must be an e-mail address' }).default('contact@samaj.local'),
  ORG_SOCIAL_URL: z
    .url({ message: 'must be an absolute URL such as https://www.facebook.com/yourpage' })
    .default('https://www.facebook.com/'),
  ORG_CITY: z.string().trim().min(1).default('Chicago, IL'),
  ORG_LEGAL_NAME: z.string().trim().min(1).max(200).default('Gujarati Samaj of Chicago, Inc.'),
  ORG_TAX_ID: z.string().trim().min(1).max(50).default('36-1234567'),
  ORG_MAP_BBOX: z
    .string()
    .regex(
      /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/,
      'must be west,south,east,north in degrees, e.g. -87.94,41.64,-87.52,42.02',
    )
    .default('-87.94,41.64,-87.52,42.02'),
  EVENT_PREFIX: z.string().min(1).default('Gala'),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Chicago')
    .default('America/Chicago'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(336).default(24),
  WAITLIST_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  RENEWAL_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  RENEWAL_REMINDER_CHECK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  RENEWAL_REMINDERS_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(200),
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
  /**
   * Which X-Forwarded-For entries to believe: none (false), the last N hops (a number), or those
   * appended by the listed proxies (addresses or CIDRs). Never `true`: that believes the
   * left-most entry, which the client writes, and lets anyone dodge per-address limits.
   */
  trustProxy: TTrustProxy;
  orgName: string;
  /** The association's postal address, phone, e-mail (where contact messages go) and social page. */
  org: {
    address: string;
    phone: string;
    email: string;
    socialUrl: string;
    city: string;
    /** The contact page map's area: west,south,east,north. */
    mapBbox: string;
    /** The non-profit's registered legal name and tax registration (EIN) on donation receipts. */
    legalName: string;
    taxId: string;
  };
  eventPrefix: string;
  timeZone: string;
  /**
   * Nightly backups: with `dir` set, one instance writes a backup there each night after `hour`
   * (TIME_ZONE) and keeps the newest `keep`. `npm run backup` writes there too by default.
   */
  backup: { dir: string | undefined; keep: number; hour: number };
  /** GET /metrics answers only with `Authorization: Bearer <token>`; without a token it is off. */
  metricsToken: string | undefined;
  /**
   * The waiting list (issue 9): an offer holds its seats for `offerHours`; every `checkSeconds`
   * each instance looks for seats come free and makes the offers (each once, however many run).
   */
  waitlist: { offerHours: number; checkSeconds: number };
  /**
   * Renewal reminders (issue 15): a lapsed family keeps member prices for `graceDays`; every
   * `checkSeconds` each instance sends the reminders due, at most `perRun` a run (each once).
   */
  renewal: { graceDays: number; checkSeconds: number; perRun: number };
  version: string;
}

export type TTrustProxy = false | number | string[];

export class ConfigError extends Error {}

const TRUST_PROXY_TRUE_MESSAGE =
  'Invalid configuration: TRUST_PROXY=true would believe the client-written X-Forwarded-For; set the number of proxies in front of Samaj (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.1,10.0.0.0/8)';

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `false`/`0`: trust no proxy; `N`: the last N hops are proxies; a list: these proxies' addresses. */
export function parseTrustProxy(value: string): TTrustProxy {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') throw new ConfigError(TRUST_PROXY_TRUE_MESSAGE);
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || wrong !== undefined) {
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDRs${wrong === undefined ? '' : ` ("${wrong}" is neither)`}`,
    );
  }
  return entries;
}

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
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    orgName: c.ORG_NAME,
    org: {
      address: c.ORG_ADDRESS,
      phone: c.ORG_PHONE,
      email: c.ORG_EMAIL,
      socialUrl: c.ORG_SOCIAL_URL,
      city: c.ORG_CITY,
      mapBbox: c.ORG_MAP_BBOX,
      legalName: c.ORG_LEGAL_NAME,
      taxId: c.ORG_TAX_ID,
    },
    eventPrefix: c.EVENT_PREFIX,
    timeZone: c.TIME_ZONE,
    backup: {
      dir: c.BACKUP_DIR === undefined ? undefined : path.resolve(c.BACKUP_DIR),
      keep: c.BACKUP_KEEP,
      hour: c.BACKUP_HOUR,
    },
    metricsToken: c.METRICS_TOKEN,
    waitlist: { offerHours: c.WAITLIST_OFFER_HOURS, checkSeconds: c.WAITLIST_CHECK_SECONDS },
    renewal: {
      graceDays: c.RENEWAL_GRACE_DAYS,
      checkSeconds: c.RENEWAL_REMINDER_CHECK_SECONDS,
      perRun: c.RENEWAL_REMINDERS_PER_RUN,
    },
    version,
  };
}
