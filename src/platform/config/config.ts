import path from 'node:path';

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
  };
}
