import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Forms that take payment (issue 13): a paid form entry is also an order of the shop.
 * - `orders.source`: where an order came from, `checkout` (the cart) or `form`; `source_ref`
 *   names the form entry it pays for;
 * - `order_items.product_id` may be empty: a form's items are not catalogue products (as a
 *   WooCommerce line whose product is gone), so they take and give back no stock;
 * - `form_entries.submission_key`: the browser's id for one submission (unique per form), so a
 *   double submit or a retry after a declined card finds the same entry; `order_id`: the order
 *   paying for it; `status` takes the payment states (pending, failed, completed).
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('checkout'))
    .execute();
  await db.schema.alterTable('orders').addColumn('source_ref', 'text').execute();

  if (kind === 'postgres') {
    await sql`alter table order_items alter column product_id drop not null`.execute(db);
  } else {
    // SQLite cannot drop a NOT NULL: the table is built again with the same rows and ids.
    const id = idColumn(kind);
    await db.schema
      .createTable('order_items_new')
      .addColumn('id', id.type, id.build)
      .addColumn('order_id', 'integer', (c) =>
        c.notNull().references('orders.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'integer')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into order_items_new (id, order_id, product_id, name, sku, quantity, unit_price, subtotal, total)
      select id, order_id, product_id, name, sku, quantity, unit_price, subtotal, total from order_items`.execute(
      db,
    );
    await db.schema.dropTable('order_items').execute();
    await sql`alter table order_items_new rename to order_items`.execute(db);
    await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  }

  await db.schema.alterTable('form_entries').addColumn('submission_key', 'text').execute();
  await db.schema
    .alterTable('form_entries')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .execute();
  await db.schema
    .createIndex('form_entries_form_id_submission_key')
    .on('form_entries')
    .columns(['form_id', 'submission_key'])
    .unique()
    .execute();
}
