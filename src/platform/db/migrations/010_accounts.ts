import type { Kysely } from 'kysely';
import type { MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Customer accounts (issue 11):
 * - `customers`: the name shown on the site, and the billing and shipping addresses the customer
 *   keeps in my-account (JSON, the checkout's field keys) with when they last changed them;
 * - `account_tokens`: the links the shop mails (confirm an address, reset a password), kept only
 *   as a SHA-256 hash of the token, each usable once before it expires;
 * - `saved_carts`: a logged-in customer's cart, kept in step with their session's cart, so it
 *   follows them to another browser and is merged with a guest cart when they log in;
 * - an index on `sessions.customer_id`: a new password ends the customer's other sessions.
 */
export async function up(db: AnyDb, _kind: MigrationKind): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('customers').addColumn('billing_json', 'text').execute();
  await db.schema.alterTable('customers').addColumn('shipping_json', 'text').execute();
  await db.schema.alterTable('customers').addColumn('addresses_updated_at', 'text').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    /** registration | password_reset | email_change */
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    /** The address the link was sent to (a registration's or a new email's). */
    .addColumn('email', 'text', (c) => c.notNull())
    /** A registration's chosen password, hashed: the account is made with it when confirmed. */
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('account_tokens_customer')
    .on('account_tokens')
    .columns(['customer_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('account_tokens_email')
    .on('account_tokens')
    .columns(['email', 'purpose'])
    .execute();
  await db.schema
    .createIndex('account_tokens_expires')
    .on('account_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('saved_carts')
    .addColumn('customer_id', 'integer', (c) =>
      c.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('coupons_json', 'text', (c) => c.notNull())
    .addColumn('customer_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('sessions_customer').on('sessions').column('customer_id').execute();
}
