import { queuedAccountMails } from './accounts/queued-account-mails.tsx';
import { accountLinks, type AccountMails } from './accounts/mails.ts';
import { accountsService, type AccountsService } from './accounts/accounts.service.ts';
import { accountTokensRepo } from './accounts/account-tokens.repo.ts';
import { catalogRepo, type CatalogRepo } from './catalog/catalog.repo.ts';
import { catalogOperationDeps, type CatalogOperationDeps } from './catalog/operations.ts';
import { cartService, type CartService } from './cart/cart.service.ts';
import { chargesStore, type ChargesStore } from './cart/charges.repo.ts';
import { customerCouponUses } from './checkout/coupon-uses.repo.ts';
import { orderStatusMailer } from './checkout/order-mails.tsx';
import { ordersRepo, type OrdersRepo } from './checkout/orders.repo.ts';
import type { CheckoutDeps } from './checkout/payment-steps.ts';
import type { Order } from './checkout/order.ts';
import { settlementTarget } from './checkout/settlement-target.ts';
import { contentRepo } from './content/content.repo.ts';
import { contentDeps, type ContentDeps } from './content/operations.ts';
import { seedDemoData } from './demo/seed.ts';
import { addMissingDemoForms } from './forms/demo-forms/index.ts';
import { formsRepo } from './forms/forms.repo.ts';
import { formsOperations, type FormsOperations } from './forms/operations.ts';
import { entryPaymentSync } from './forms/payments/entry-status.ts';
import { paymentMethods } from './payments/methods.ts';
import type { SettlementTarget } from './payments/settlement.ts';
import { STRIPE_NONCES } from './payments/nonces.ts';
import { paymentAttemptLimiter } from './payments/rate-limit.ts';
import { createPayments, type PaymentsConfig } from './payments/stripe-client.ts';
import { createNonce } from './platform/nonce/nonce.ts';
import type { AttemptLimiter } from './platform/rate-limit/rate-limit.service.ts';
import type { Config } from './platform/config/config.ts';
import { resolveSessionSecret } from './platform/config/secret.ts';
import { openDatabase, type DatabaseHandle, type Db, type DbKind } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { withStartUpLock } from './platform/db/start-up-lock.ts';
import {
  ACCOUNT_TOKENS_SWEEP_MS,
  CUT_OFF_ATTEMPTS_SWEEP_MS,
  HOLD_STOCK_SWEEP_MS,
  MAIL_SWEEP_MS,
  PAID_INTENTS_SWEEP_MS,
} from './platform/constants/index.ts';
import { mailSender, type MailSender } from './platform/mail/sender.ts';
import { mailTransport, type MailTransport } from './platform/mail/transport.ts';
import { appServer, systemClock, type AppServer, type Clock } from './platform/jobs/app-server.ts';
import { jobRunner, type JobRunner } from './platform/jobs/job-runner.ts';
import { cancelUnpaidOrders } from './checkout/hold-stock.ts';
import { recoverCutOffAttempts, settlePaidIntents } from './checkout/payment-recovery.ts';
import { settingsStore, type SettingsStore } from './platform/settings/settings.ts';
import type { SessionDeps } from './platform/http/request-session.ts';
import { requestContexts, type RequestContexts } from './platform/http/request-context.ts';
import type { CartOperationDeps } from './cart/operations.ts';
import type { Logger } from './platform/log/log.ts';
import {
  sessionRepo,
  signSessionId,
  type Session,
  type SessionRepo,
} from './platform/session/session.ts';

/**
 * The composition root: one shop's database, repositories and services, wired once at start and
 * handed to every route and page loader.
 */
export interface Shop {
  config: Config;
  log: Logger;
  db: Db;
  kind: DbKind;
  secret: string;
  catalog: CatalogRepo;
  /** What the catalog's operations use (reviews). */
  catalogOperations: CatalogOperationDeps;
  cart: CartService;
  orders: OrdersRepo;
  sessions: SessionRepo;
  sessionDeps: SessionDeps;
  /** Each request's context (session, nonces, settings, client IP): routes and pages alike. */
  requestContexts: RequestContexts;
  /** What the cart's operations use. */
  cartOperations: CartOperationDeps;
  checkoutDeps: CheckoutDeps;
  payments: PaymentsConfig;
  /** Card-testing protection: every payment attempt, counted per session and IP by the shop's clock. */
  paymentAttempts: AttemptLimiter;
  /** Checkout's orders as payments' settlement sees them (payments never imports checkout). */
  settlement: SettlementTarget<Order>;
  /** Where this server listens; the test processor client calls it there. */
  address: { host: string; port: number };
  settings: SettingsStore;
  charges: ChargesStore;
  accounts: AccountsService;
  /** The shop's own content: home slides, FAQ, store notice and coming-soon banner. */
  content: ContentDeps;
  /** The form builder's operations (submit, token, restricted e-mail). */
  forms: FormsOperations;
  /** This app server as the others see it (its heartbeat, its running checkouts, its clock). */
  server: AppServer;
  /** The timer of the jobs every app server offers to run (the hold-stock sweep, the mail sweep). */
  jobs: JobRunner;
  /** This app server's mail sender: wakes after each commit that queued mail. */
  mail: MailSender;
  sessionToken(session: Session): string;
  close(): Promise<void>;
}

export interface ShopOptions {
  /** An already-open database (tests); otherwise DATABASE_URL is opened. */
  database?: DatabaseHandle;
  /** Seed the demo data into an empty database (default true). */
  seedDemo?: boolean;
  /** What time it is for jobs and checkout claims (tests move it). */
  clock?: Clock;
  /** Where accounts' mails go (tests read them here); the shop's mail queue otherwise. */
  accountMails?: AccountMails;
  /** Where mail goes instead of config.mail's SMTP server or outbox (tests). */
  mailTransport?: MailTransport;
}

export async function createShop(
  config: Config,
  log: Logger,
  options: ShopOptions = {},
): Promise<Shop> {
  const handle = options.database ?? (await openDatabase(config.databaseUrl));
  const secret = await withStartUpLock(handle, async () => {
    await migrateToLatest(handle);
    if (options.seedDemo ?? true) {
      if (await seedDemoData(handle.db, config.dataDir)) log.info('seeded the demo shop');
      await addMissingDemoForms(formsRepo(handle.db));
    }
    return resolveSessionSecret(handle.db, config.sessionSecret);
  });
  const sessions = sessionRepo(handle.db);
  const address = { host: config.host, port: config.port };
  const payments = createPayments(config, () => address);
  const methodIds = paymentMethods.map((m) => m.id);
  const settings = settingsStore(handle.db, config.settingsCacheTtlMs);
  const charges = chargesStore(handle.db, settings, config.settingsCacheTtlMs);
  const cart = cartService(handle.db, handle.kind, {
    paymentMethods: () => methodIds,
    charges: charges.read,
    customerCouponUses,
    moneyFormat: settings.moneyFormat,
  });
  const forms = formsRepo(handle.db);
  // Every move of an order queues its mails and, for a paid form's order, moves its entry.
  const orderMails = orderStatusMailer({ shopEmail: config.mail.shopEmail });
  const entryPayments = entryPaymentSync({ repo: forms, shopEmail: config.mail.shopEmail });
  const orders = ordersRepo(handle.db, async (tx, order) => {
    await orderMails(tx, order);
    await entryPayments(tx, order);
  });
  const accounts = accountsService({
    db: handle.db,
    sessions,
    settings,
    mails: options.accountMails ?? queuedAccountMails(),
    links: accountLinks(() => config.publicUrl ?? `http://${address.host}:${address.port}`),
  });
  const clock = options.clock ?? systemClock;
  const server = appServer(handle.db, clock);
  const paymentAttempts = paymentAttemptLimiter(
    handle.db,
    () => clock().getTime(),
    config.paymentAttemptsPerIp,
  );
  await server.beat();
  const holdStock = {
    db: handle.db,
    orders,
    settings,
    log,
    get stripe() {
      return payments.stripe;
    },
  };
  const mail = mailSender({
    db: handle.db,
    commits: handle.commits,
    transport: options.mailTransport ?? mailTransport(config.mail),
    from: config.mail.from,
    serverId: server.id,
    clock: server.clock,
    log,
  });
  const jobs = jobRunner(
    handle.db,
    server,
    [
      {
        name: 'cut_off_attempts',
        everyMs: CUT_OFF_ATTEMPTS_SWEEP_MS,
        run: (now, stopping) => recoverCutOffAttempts({ ...holdStock, server }, now, stopping),
      },
      {
        name: 'paid_intents',
        everyMs: PAID_INTENTS_SWEEP_MS,
        run: (now, stopping) => settlePaidIntents(holdStock, now, stopping),
      },
      {
        name: 'hold_stock',
        everyMs: HOLD_STOCK_SWEEP_MS,
        run: (now, stopping) => cancelUnpaidOrders(holdStock, now, stopping),
      },
      {
        name: 'account_tokens_sweep',
        everyMs: ACCOUNT_TOKENS_SWEEP_MS,
        run: async (now) => {
          await accountTokensRepo(handle.db).sweep(now);
        },
      },
      { name: 'mail', everyMs: MAIL_SWEEP_MS, run: (now) => mail.sweep(now) },
    ],
    log,
  );
  jobs.start();
  // Mail that a server left queued when it stopped or died goes out now.
  mail.wake();
  const catalog = catalogRepo(handle.db);
  const checkoutDeps: CheckoutDeps = {
    db: handle.db,
    cart,
    orders,
    payments: () => payments,
    accounts,
    server,
    paymentAttempts,
    confirmNonce: (sessionId) => createNonce(secret, STRIPE_NONCES.updateOrderStatus, sessionId),
  };
  return {
    config,
    log,
    db: handle.db,
    kind: handle.kind,
    secret,
    catalog,
    catalogOperations: catalogOperationDeps(handle.db, catalog, settings, secret),
    cart,
    orders,
    sessions,
    sessionDeps: { sessions, secret },
    requestContexts: requestContexts({ sessions, secret, settings }),
    cartOperations: { cart, catalog },
    checkoutDeps,
    payments,
    paymentAttempts,
    settlement: settlementTarget(orders),
    address,
    settings,
    charges,
    accounts,
    content: contentDeps(contentRepo(handle.db), catalog, config.settingsCacheTtlMs),
    forms: formsOperations({
      db: handle.db,
      repo: forms,
      secret,
      dataDir: config.dataDir,
      log,
      shopEmail: config.mail.shopEmail,
      now: () => new Date(),
      payments: {
        db: handle.db,
        checkout: checkoutDeps,
      },
    }),
    server,
    jobs,
    mail,
    sessionToken: (session) => signSessionId(secret, session.id),
    async close() {
      await jobs.stop();
      await mail.stop();
      await handle.destroy();
    },
  };
}
