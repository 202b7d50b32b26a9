import path from 'node:path';
import { hashPassword } from '../accounts/password.ts';
import { CONTENT_SETTING_NAMES } from '../content/content.ts';
import type { Db } from '../platform/db/database.ts';
import { parseMoney } from '../platform/money/money.ts';
import { generateDemoImage, type DemoImageSpec } from './images.ts';

/**
 * The demo data of CONTRACT §3, seeded into an empty database on start. Prices are written as
 * people read them and stored in minor units.
 */
interface DemoProduct {
  slug: string;
  name: string;
  type: 'simple' | 'variable' | 'subscription';
  category: string | null;
  price: string;
  salePrice?: string;
  stock?: number;
  billingPeriod?: string;
  sku: string;
  short: string;
  description: string;
  weightGrams?: number;
  dimensions?: string;
  sizes?: { size: string; price: string }[];
  images: Omit<DemoImageSpec, 'file' | 'variant'>[];
  totalSales: number;
  daysOld: number;
}

const demoProducts: DemoProduct[] = [
  {
    slug: 'classic-hoodie',
    name: 'Classic Hoodie',
    type: 'simple',
    category: 'clothing',
    price: '45.00',
    sku: 'HOODIE-CL',
    short: 'A heavyweight cotton hoodie with a brushed fleece lining.',
    description:
      'Our everyday hoodie: 400 gsm organic cotton, a brushed fleece inside, ribbed cuffs and a double-layer hood. Garment-dyed so it softens with every wash.',
    weightGrams: 650,
    dimensions: '30 × 25 × 8 cm',
    totalSales: 42,
    daysOld: 60,
    images: [
      { title: 'Classic Hoodie', colors: ['#3b5b7a', '#1d2f40'], shape: 'hoodie' },
      { title: 'Classic Hoodie – back', colors: ['#56779a', '#2a4158'], shape: 'hoodie' },
      { title: 'Classic Hoodie – detail', colors: ['#7a92ab', '#3b5b7a'], shape: 'hoodie' },
    ],
  },
  {
    slug: 'linen-shirt',
    name: 'Linen Shirt',
    type: 'variable',
    category: 'clothing',
    price: '30.00',
    sku: 'LINEN-SH',
    short: 'A breathable shirt in washed European linen.',
    description:
      'Cut from washed European flax linen with a relaxed fit, mother-of-pearl buttons and a soft camp collar. Choose your size.',
    weightGrams: 220,
    totalSales: 18,
    daysOld: 30,
    sizes: [
      { size: 'S', price: '30.00' },
      { size: 'M', price: '32.00' },
      { size: 'L', price: '34.00' },
    ],
    images: [{ title: 'Linen Shirt', colors: ['#c9a27e', '#8c6a4a'], shape: 'shirt' }],
  },
  {
    slug: 'canvas-tote',
    name: 'Canvas Tote',
    type: 'simple',
    category: 'accessories',
    price: '24.00',
    salePrice: '18.00',
    sku: 'TOTE-CV',
    short: 'A sturdy 12 oz canvas tote with a gusset.',
    description:
      'Twelve-ounce cotton canvas, a wide gusset, an inside pocket and handles long enough for the shoulder.',
    weightGrams: 300,
    totalSales: 65,
    daysOld: 90,
    images: [{ title: 'Canvas Tote', colors: ['#6f8f5f', '#3f5a35'], shape: 'tote' }],
  },
  {
    slug: 'desk-lamp',
    name: 'Desk Lamp',
    type: 'simple',
    category: null,
    price: '60.00',
    stock: 1,
    sku: 'LAMP-DK',
    short: 'A steel desk lamp with a warm, dimmable LED.',
    description:
      'Powder-coated steel, a weighted base and a warm 2700 K dimmable LED. Only one left in stock.',
    weightGrams: 1800,
    dimensions: '20 × 20 × 45 cm',
    totalSales: 7,
    daysOld: 10,
    images: [{ title: 'Desk Lamp', colors: ['#d8a31a', '#8a6400'], shape: 'lamp' }],
  },
  {
    slug: 'coffee-club',
    name: 'Coffee Club',
    type: 'subscription',
    category: null,
    price: '12.00',
    billingPeriod: 'month',
    sku: 'COFFEE-CLUB',
    short: 'A fresh bag of single-origin coffee every month.',
    description:
      'Every month we pick a single-origin coffee, roast it to order and post 250 g of it to you. Pause or cancel any time.',
    totalSales: 25,
    daysOld: 20,
    images: [{ title: 'Coffee Club', colors: ['#6b4a3a', '#2f1f17'], shape: 'cup' }],
  },
  {
    slug: 'sticker-pack',
    name: 'Sticker Pack',
    type: 'simple',
    category: null,
    price: '0.00',
    sku: 'STICKERS',
    short: 'Five vinyl stickers, free with any order.',
    description: 'Five weatherproof vinyl stickers of our favourite designs. Free.',
    totalSales: 120,
    daysOld: 5,
    // A small photo (narrower than the page's image box): the gallery does not zoom it.
    images: [
      { title: 'Sticker Pack', colors: ['#c2477a', '#6e1f44'], shape: 'stickers', size: 480 },
    ],
  },
];

const demoReviews = [
  {
    product: 'classic-hoodie',
    author: 'Maya',
    email: 'maya@example.com',
    rating: 5,
    content: 'Warm, soft and the hood actually stays up. Perfect.',
    daysAgo: 12,
  },
  {
    product: 'classic-hoodie',
    author: 'Jonas',
    email: 'jonas@example.com',
    rating: 4,
    content: 'Great hoodie; the sleeves run a little long on me.',
    daysAgo: 4,
  },
];

/** A drawing of another size is another file (drawn images are shared between test shops). */
function demoImageFile(slug: string, index: number, size: number | undefined): string {
  return size === undefined ? `${slug}-${index + 1}` : `${slug}-${index + 1}-s${size}`;
}

/** The shop's settings the demo turns on. */
const demoSettingsOn = [CONTENT_SETTING_NAMES.storeNoticeOn, CONTENT_SETTING_NAMES.comingSoon];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Seeds the demo shop when the database has no products; a shop with data is left alone. */
export async function seedDemoData(db: Db, dataDir: string, now = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const mediaDir = path.join(dataDir, 'media');
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  const imageSizes = new Map<string, { width: number; height: number }>();
  for (const product of demoProducts) {
    for (const [index, image] of product.images.entries()) {
      const file = demoImageFile(product.slug, index, image.size);
      imageSizes.set(file, await generateDemoImage(mediaDir, { ...image, file, variant: index }));
    }
  }
  const passwordHash = await hashPassword('correct horse battery staple');

  await db.transaction().execute(async (tx) => {
    const categories = new Map<string, number>();
    for (const [slug, name, description] of [
      ['clothing', 'Clothing', 'Hoodies and shirts made to last.'],
      ['accessories', 'Accessories', 'Bags and small things.'],
    ] as const) {
      const row = await tx
        .insertInto('categories')
        .values({ slug, name, description })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.set(slug, row.id);
    }

    for (const [order, product] of demoProducts.entries()) {
      const sizes = product.sizes ?? [];
      const fromPrice =
        sizes.length > 0
          ? Math.min(...sizes.map((s) => parseMoney(s.price)))
          : parseMoney(product.price);
      const row = await tx
        .insertInto('products')
        .values({
          slug: product.slug,
          name: product.name,
          type: product.type,
          parent_id: null,
          category_id: product.category ? categories.get(product.category)! : null,
          sku: product.sku,
          description: product.description,
          short_description: product.short,
          regular_price: fromPrice,
          sale_price: product.salePrice ? parseMoney(product.salePrice) : null,
          stock: product.stock ?? null,
          billing_period: product.billingPeriod ?? null,
          attributes_json: JSON.stringify(
            sizes.length > 0 ? { Size: sizes.map((s) => s.size) } : {},
          ),
          menu_order: order,
          total_sales: product.totalSales,
          rating_sum: 0,
          rating_count: 0,
          weight_grams: product.weightGrams ?? null,
          dimensions: product.dimensions ?? null,
          created_at: ago(product.daysOld),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const [index, size] of sizes.entries()) {
        await tx
          .insertInto('products')
          .values({
            slug: `${product.slug}-${size.size.toLowerCase()}`,
            name: `${product.name} - ${size.size}`,
            type: 'variation',
            parent_id: row.id,
            category_id: null,
            sku: `${product.sku}-${size.size}`,
            description: '',
            short_description: '',
            regular_price: parseMoney(size.price),
            sale_price: null,
            stock: null,
            billing_period: null,
            attributes_json: JSON.stringify({ Size: size.size }),
            menu_order: index,
            total_sales: 0,
            rating_sum: 0,
            rating_count: 0,
            weight_grams: product.weightGrams ?? null,
            dimensions: null,
            created_at: ago(product.daysOld),
          })
          .execute();
      }

      for (const [index, image] of product.images.entries()) {
        const file = demoImageFile(product.slug, index, image.size);
        const size = imageSizes.get(file)!;
        await tx
          .insertInto('product_images')
          .values({
            product_id: row.id,
            position: index,
            file,
            alt: image.title,
            caption: image.title,
            width: size.width,
            height: size.height,
          })
          .execute();
      }
    }

    for (const review of demoReviews) {
      const product = await tx
        .selectFrom('products')
        .select('id')
        .where('slug', '=', review.product)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('reviews')
        .values({
          product_id: product.id,
          author: review.author,
          email: review.email,
          rating: review.rating,
          content: review.content,
          verified: 1,
          created_at: ago(review.daysAgo),
        })
        .execute();
      await tx
        .updateTable('products')
        .set((eb) => ({
          rating_sum: eb('rating_sum', '+', review.rating),
          rating_count: eb('rating_count', '+', 1),
          review_count: eb('review_count', '+', 1),
        }))
        .where('id', '=', product.id)
        .execute();
    }

    await tx
      .insertInto('coupons')
      .values([
        {
          code: 'SAVE10',
          discount_type: 'percent',
          amount: 10,
          expires_at: null,
          minimum_spend: null,
          usage_limit: null,
          usage_count: 0,
          usage_limit_per_customer: null,
          individual_use: 0,
        },
        {
          code: 'FLAT5',
          discount_type: 'fixed_cart',
          amount: 500,
          expires_at: null,
          minimum_spend: null,
          usage_limit: null,
          usage_count: 0,
          usage_limit_per_customer: null,
          individual_use: 0,
        },
        {
          code: 'EXPIRED',
          discount_type: 'percent',
          amount: 20,
          expires_at: '2020-01-01T00:00:00.000Z',
          minimum_spend: null,
          usage_limit: null,
          usage_count: 0,
          usage_limit_per_customer: null,
          individual_use: 0,
        },
      ])
      .execute();

    await tx
      .insertInto('customers')
      .values({
        email: 'customer@example.com',
        password_hash: passwordHash,
        first_name: 'Casey',
        last_name: 'Customer',
        created_at: now.toISOString(),
      })
      .execute();

    // The demo shows the store notice (WooCommerce's demo text, from the settings' defaults) and
    // the coming-soon banner, both on every page until the visitor dismisses them (CONTRACT §1).
    for (const name of demoSettingsOn) {
      await tx
        .insertInto('settings')
        .values({ name, value: 'yes' })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: 'yes' }))
        .execute();
    }
  });
  return true;
}
