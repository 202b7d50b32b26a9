import type { Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Shipping zones and methods, tax rates, the cart's customer (destination and chosen shipping
 * rate), payment state on orders, and the webhook events already handled. A new shop starts with
 * the default zones and rates below; the shop owner changes them in these tables.
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  const id = idColumn(kind);

  await db.schema
    .createTable('shipping_zones')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    /** ISO country codes; an empty list is "locations not covered by your other zones". */
    .addColumn('countries_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', id.type, id.build)
    .addColumn('zone_id', 'integer', (c) =>
      c.notNull().references('shipping_zones.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_amount', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', id.type, id.build)
    .addColumn('country', 'text', (c) => c.notNull())
    /** Empty: every state of the country. */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    /** Hundredths of a percent: 2000 is 20 %. */
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('applies_to_shipping', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .alterTable('carts')
    .addColumn('customer_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // Set while one checkout of this cart is being placed: a second submit waits its turn.
  await db.schema.alterTable('carts').addColumn('checkout_started_at', 'text').execute();

  await db.schema.alterTable('orders').addColumn('payment_intent_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_details_json', 'text').execute();
  await db.schema
    .createIndex('orders_payment_intent')
    .on('orders')
    .column('payment_intent_id')
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await seedDefaults(db);
}

async function seedDefaults(db: AnyDb): Promise<void> {
  const zones = [
    { name: 'United States (US)', countries: ['US'], methods: domestic() },
    {
      name: 'Europe',
      countries: ['AT', 'BE', 'DE', 'ES', 'FR', 'GB', 'IE', 'IT', 'NL', 'PL', 'PT', 'SE'],
      methods: [
        { kind: 'free_shipping', title: 'Free shipping', cost: 0, min_amount: 10000 },
        { kind: 'flat_rate', title: 'Flat rate', cost: 1000, min_amount: null },
      ],
    },
    {
      name: 'Everywhere else',
      countries: [],
      methods: [{ kind: 'flat_rate', title: 'International', cost: 1500, min_amount: null }],
    },
  ];
  for (const [position, zone] of zones.entries()) {
    const row = await db
      .insertInto('shipping_zones')
      .values({ name: zone.name, position, countries_json: JSON.stringify(zone.countries) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shipping_methods')
      .values(zone.methods.map((m, i) => ({ ...m, zone_id: row.id, position: i, enabled: 1 })))
      .execute();
  }
  const vat = (country: string, rate: number, label = 'VAT') => ({
    country,
    state: '',
    rate,
    label,
    applies_to_shipping: 1,
  });
  await db
    .insertInto('tax_rates')
    .values([
      vat('GB', 2000),
      vat('DE', 1900),
      vat('FR', 2000),
      vat('NL', 2100),
      vat('IE', 2300),
      vat('AU', 1000, 'GST'),
      vat('CA', 500, 'GST'),
    ])
    .execute();
}

function domestic() {
  return [
    { kind: 'free_shipping', title: 'Free shipping', cost: 0, min_amount: 5000 },
    { kind: 'flat_rate', title: 'Flat rate', cost: 500, min_amount: null },
    { kind: 'local_pickup', title: 'Local pickup', cost: 0, min_amount: null },
  ];
}
