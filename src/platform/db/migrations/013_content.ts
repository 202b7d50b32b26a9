import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The shop's own content (issue 14) and what it remembers about visitors' orders:
 * - `content_blocks`: the home page's story and its why, spread, team and news slides, in order;
 * - `faq_groups`, `faq_entries`: the FAQ page, its groups and their questions, in order;
 * - `customer_meta`: what the shop keeps per customer account (WordPress's user meta), e.g.
 *   `coming_soon_banner_dismissed`;
 * - `order_attribution`: where the shopper of an order came from (WooCommerce's order
 *   attribution, `_wc_order_attribution_*`), one row per order that had tracking allowed;
 * - the store notice and coming-soon settings under WooCommerce's names, with its defaults (off).
 * The default content is seeded here, once, so every shop starts with a readable FAQ and home.
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  const id = idColumn(kind);
  await db.schema
    .createTable('content_blocks')
    .addColumn('id', id.type, id.build)
    /** story | why | spread | team | news */
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** A team member's role, a news item's kicker, a reason's short line, the story's lead. */
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    /** News: the day it was published (YYYY-MM-DD). */
    .addColumn('published_on', 'text')
    .execute();
  await db.schema
    .createIndex('content_blocks_section')
    .on('content_blocks')
    .columns(['section', 'position'])
    .execute();

  await db.schema
    .createTable('faq_groups')
    .addColumn('id', id.type, id.build)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('faq_entries')
    .addColumn('id', id.type, id.build)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('faq_groups.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faq_entries_group')
    .on('faq_entries')
    .columns(['group_id', 'position'])
    .execute();

  await db.schema
    .createTable('customer_meta')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('meta_key', 'text', (c) => c.notNull())
    .addColumn('meta_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_meta_pkey', ['customer_id', 'meta_key'])
    .execute();

  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  await db.schema
    .createTable('order_attribution')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    /** utm | organic | referral | typein (sourcebuster's types, as WooCommerce stores them) */
    .addColumn('source_type', 'text', text)
    .addColumn('referrer', 'text', text)
    .addColumn('utm_campaign', 'text', text)
    .addColumn('utm_source', 'text', text)
    .addColumn('utm_medium', 'text', text)
    .addColumn('utm_content', 'text', text)
    .addColumn('utm_term', 'text', text)
    /** The first page of the visit that ordered, and when that visit started. */
    .addColumn('session_entry', 'text', text)
    .addColumn('session_start_time', 'text', text)
    .addColumn('session_pages', 'integer')
    .addColumn('session_count', 'integer')
    .addColumn('user_agent', 'text', text)
    /** Mobile | Tablet | Desktop, from the user agent (as WooCommerce works it out). */
    .addColumn('device_type', 'text', text)
    .execute();

  // WooCommerce's options and defaults: both off until the shop owner turns them on.
  for (const [name, value] of [
    ['woocommerce_demo_store', 'no'],
    [
      'woocommerce_demo_store_notice',
      'This is a demo store for testing purposes — no orders shall be fulfilled.',
    ],
    ['woocommerce_coming_soon', 'no'],
  ]) {
    await db
      .insertInto('settings')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  for (const [section, blocks] of Object.entries(defaultBlocks)) {
    for (const [position, block] of blocks.entries()) {
      await db
        .insertInto('content_blocks')
        .values({
          section,
          position,
          title: block.title,
          subtitle: block.subtitle ?? '',
          body: block.body,
          published_on: block.publishedOn ?? null,
        })
        .execute();
    }
  }
  for (const [position, group] of defaultFaq.entries()) {
    const row = await db
      .insertInto('faq_groups')
      .values({ slug: group.slug, name: group.name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, [question, answer]] of group.entries.entries()) {
      await db
        .insertInto('faq_entries')
        .values({ group_id: row.id, position: index, question, answer })
        .execute();
    }
  }
}

interface BlockSeed {
  title: string;
  subtitle?: string;
  body: string;
  publishedOn?: string;
}

const defaultBlocks: Record<string, BlockSeed[]> = {
  story: [
    {
      title: 'Our story',
      subtitle:
        'Hearth & Thread began in 2019 with one hoodie, cut on a kitchen table and sewn by a family workshop in Porto. We wanted clothes and small things that last for years, at a price that is fair to the people who make them and to you.',
      body: 'We still work with the same workshop, and with a canvas maker in Leeds for our bags. We make small batches, so nothing ends up in a landfill at the end of a season, and we repair what we sell for as long as you own it.\n\nWe do not run sales, because our prices are not inflated to begin with. What you pay covers good materials, fair wages and a margin that keeps us going: that is all.',
    },
  ],
  why: [
    {
      title: 'Made to last',
      subtitle: 'Heavyweight fabrics, double stitching',
      body: 'Every piece is sewn to be worn for years: 400 gsm cotton, flat-felled seams and reinforced stress points. If a seam gives up, we mend it for free.',
    },
    {
      title: 'Fair prices',
      subtitle: 'No middlemen, no seasonal mark-ups',
      body: 'We sell only here, so the price is what the thing costs to make well plus a fair margin. No sales calendar, no inflated “was” prices.',
    },
    {
      title: 'Free returns',
      subtitle: '30 days, no questions',
      body: 'Not right? Send it back unused within 30 days and we refund you in full, return postage included.',
    },
    {
      title: 'Small-batch makers',
      subtitle: 'Sewn by people we know',
      body: 'Our clothes are cut and sewn by two family workshops in Porto; our bags by a canvas maker in Leeds. We visit them every season.',
    },
  ],
  spread: [
    {
      title: 'Share a link',
      subtitle: 'Tell a friend',
      body: 'Copy the link to this page and send it to someone who would like it. Word of mouth is how most of our customers found us.',
    },
    {
      title: 'Give a gift',
      subtitle: 'Wrapped and with a note',
      body: 'Tell us at checkout that it is a gift and we wrap it in recycled paper with a handwritten card, and leave the prices out.',
    },
    {
      title: 'Show us yours',
      subtitle: '#HearthAndThread',
      body: 'Post a photo of your hoodie, shirt or tote after a year of wear. Every month we pick one and send its owner a sticker pack.',
    },
    {
      title: 'Pass it on',
      subtitle: 'Second life',
      body: 'Outgrown something? Send it back and we clean, repair and donate it to a local shelter, and give you 10 % off your next order.',
    },
  ],
  team: [
    {
      title: 'Maya Okafor',
      subtitle: 'Founder and pattern cutter',
      body: 'Maya drafted the first Classic Hoodie on her kitchen table in 2019 and still cuts every new pattern herself.',
    },
    {
      title: 'Tomás Pereira',
      subtitle: 'Workshop partner, Porto',
      body: 'Tomás runs the family workshop that sews our clothes, with his sister Inês and eleven colleagues.',
    },
    {
      title: 'Hannah Lee',
      subtitle: 'Customer care',
      body: 'Hannah answers every email and message, usually within a working day, and knows every order by name.',
    },
    {
      title: 'Jonas Berg',
      subtitle: 'Packing and shipping',
      body: 'Jonas packs each order by hand in plastic-free boxes and gets it to the carrier the same or the next working day.',
    },
  ],
  news: [
    {
      title: 'The Linen Shirt is back in three sizes',
      subtitle: 'New in',
      body: 'Our washed-linen shirt returns in S, M and L, now with mother-of-pearl buttons and a softer camp collar.',
      publishedOn: '2026-10-28',
    },
    {
      title: 'Free stickers with every order',
      subtitle: 'Good to know',
      body: 'From this month every parcel carries a free sticker pack, designed by the illustrator Noor Haddad.',
      publishedOn: '2026-10-02',
    },
    {
      title: 'Plastic-free packing, all the way',
      subtitle: 'Behind the scenes',
      body: 'The last plastic bag has left our warehouse: orders now ship in recycled card with paper tape.',
      publishedOn: '2026-09-15',
    },
    {
      title: 'Coffee Club, a monthly treat',
      subtitle: 'New in',
      body: 'A bag of freshly roasted beans from a small roaster every month, for 12.00. Pause or stop any time.',
      publishedOn: '2026-08-20',
    },
  ],
};

const defaultFaq: { slug: string; name: string; entries: [string, string][] }[] = [
  {
    slug: 'orders',
    name: 'Orders',
    entries: [
      [
        'How do I place an order?',
        'Add what you like to your cart, open the cart and choose “Proceed to checkout”. Fill in your address, pick a payment method and choose “Place order”.',
      ],
      [
        'Can I change or cancel my order?',
        'Write to us within two hours of ordering and we change or cancel it before it is packed. After that, you can return it once it arrives.',
      ],
      [
        'Do I need an account to order?',
        'No. You can check out as a guest; an account only keeps your addresses and your orders in one place.',
      ],
    ],
  },
  {
    slug: 'shipping',
    name: 'Shipping',
    entries: [
      [
        'How much does shipping cost?',
        'In the US shipping is free from $50 and $5 below that; in Europe it is free from $100 and $10 below that; everywhere else it is $15.',
      ],
      [
        'How long does delivery take?',
        'We ship within two working days. Delivery then takes 2–4 working days in the US and 4–8 elsewhere.',
      ],
      [
        'Can I pick up my order?',
        'Yes, in the US choose local pickup at checkout and we tell you when your order is ready.',
      ],
    ],
  },
  {
    slug: 'returns',
    name: 'Returns',
    entries: [
      [
        'What is your return policy?',
        'Return anything unused within 30 days of delivery for a full refund, return postage included.',
      ],
      [
        'How do I return an item?',
        'Write to us with your order number; we send you a prepaid label. Your refund follows within five working days of the parcel reaching us.',
      ],
    ],
  },
  {
    slug: 'payments',
    name: 'Payments',
    entries: [
      [
        'Which payment methods do you accept?',
        'Credit and debit cards everywhere, cash on delivery, and local methods such as iDEAL, Klarna, BLIK or Multibanco depending on your billing country.',
      ],
      [
        'Is paying by card safe?',
        'Your card details go straight to our payment processor and never reach our servers. Cards that need authentication ask for it on a secure page.',
      ],
      [
        'Do you charge VAT?',
        'Prices include no tax; VAT or GST is added at checkout for the countries that charge it, on the items and on shipping.',
      ],
    ],
  },
  {
    slug: 'policies',
    name: 'Policies',
    entries: [
      [
        'What are your terms and conditions?',
        'Orders are shipped within two working days. You may return unused items within 30 days for a full refund. Payments are taken by our payment processor; we never see or store your card details.',
      ],
      [
        'What do you do with my personal data?',
        'We keep your name, addresses and orders to deliver them and to answer you, and nothing more. We never sell or share them; write to us and we delete your account and data.',
      ],
      [
        'Which cookies do you use?',
        'Necessary cookies keep your cart and your login. With your consent we also remember where your visit came from, to learn which links bring shoppers; you can change your choice any time under “Cookie settings”.',
      ],
    ],
  },
];
