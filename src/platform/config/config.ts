import { isIP } from 'node:net';
import path from 'node:path';
import { INTENT_RATE_LIMIT, SETTINGS_CACHE_TTL_MS } from '../constants/index.ts';
import { loadMailConfig, type MailConfig } from './mail-config.ts';
import { parseWholeNumber } from './whole-number.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Where uploaded and generated files live (images, the SQLite file by default). */
  dataDir: string;
  /** Set from the environment; when absent the shop generates one and keeps it in the database. */
  sessionSecret: string | undefined;
  /** The address people reach the shop at; defaults to http://{host}:{port}. */
  publicUrl: string | undefined;
  logLevel: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | undefined;
  production: boolean;
  /**
   * The proxies in front of the shop whose `X-Forwarded-*` headers are believed: how many hops,
   * or their addresses and CIDR ranges. The client's address is read from the right, past them.
   */
  trustProxy: TrustedProxies;
  /** SMTP (or the outbox folder), the sender's and the shop's addresses: CONTRACT §5. */
  mail: MailConfig;
  /** Card-testing protection: the payment attempts one IP address may make in the window. */
  paymentAttemptsPerIp: number;
  /** How long an app server keeps the shop's settings before reading them again (0: never). */
  settingsCacheTtlMs: number;
}

export type TrustedProxies = false | number | string[];

/**
 * TRUST_PROXY: unset or 0 trusts no proxy; a number (1 = one reverse proxy) trusts that many hops;
 * otherwise a comma-separated list of proxy addresses or CIDR ranges. There is no "trust all":
 * with it, a client would choose its own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  for (const address of addresses) {
    const [ip = '', bits, extra] = address.split('/');
    const family = isIP(ip);
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !validBits || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY must be a number of proxies or a list of their addresses, not "${address}"`,
      );
    }
  }
  return addresses;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        }
      : undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
    dataDir,
    sessionSecret: env.SESSION_SECRET || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    stripe,
    production: env.NODE_ENV !== 'development',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mail: loadMailConfig(env, dataDir),
    paymentAttemptsPerIp: parseWholeNumber(
      'PAYMENT_ATTEMPTS_PER_IP',
      env.PAYMENT_ATTEMPTS_PER_IP,
      INTENT_RATE_LIMIT.perIp.max,
      { min: 1 },
    ),
    settingsCacheTtlMs: parseWholeNumber(
      'SETTINGS_CACHE_TTL_MS',
      env.SETTINGS_CACHE_TTL_MS,
      SETTINGS_CACHE_TTL_MS,
      { min: 0 },
    ),
  };
}
