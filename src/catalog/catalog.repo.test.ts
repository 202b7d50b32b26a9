import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sharedTestDataDir } from '../testing/test-shop.ts';
import { catalogRepo } from './catalog.repo.ts';
import { currentPrice } from './product-rules.ts';
import { reviewsRepo } from './reviews.repo.ts';

describe.each(databaseKinds)('catalog repository on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    expect(await seedDemoData(handle.db, sharedTestDataDir)).toBe(true);
  });
  afterAll(() => handle.destroy());

  it('seeds the demo data of the contract once', async () => {
    expect(await seedDemoData(handle.db, sharedTestDataDir)).toBe(false);
    const catalog = catalogRepo(handle.db);
    expect(await catalog.countProducts()).toBe(6);
    const tote = (await catalog.productBySlug('canvas-tote'))!;
    expect([tote.regularPrice, tote.salePrice]).toEqual([2400, 1800]);
    expect((await catalog.productBySlug('desk-lamp'))!.stock).toBe(1);
    expect((await catalog.productBySlug('coffee-club'))!).toMatchObject({
      type: 'subscription',
      billingPeriod: 'month',
      regularPrice: 1200,
    });
    const shirt = (await catalog.productBySlug('linen-shirt'))!;
    expect(
      (await catalog.variationsOf(shirt.id)).map((v) => [v.attributes.Size, currentPrice(v)]),
    ).toEqual([
      ['S', 3000],
      ['M', 3200],
      ['L', 3400],
    ]);
    const hoodie = (await catalog.productBySlug('classic-hoodie'))!;
    expect((await catalog.imagesOf([hoodie.id])).get(hoodie.id)).toHaveLength(3);
    expect(await reviewsRepo(handle.db).approved(hoodie.id, 10, 0)).toHaveLength(2);
    expect([hoodie.ratingCount, hoodie.reviewCount]).toEqual([2, 2]);
  });

  it('never lists variations as products of their own', async () => {
    const names = (await catalogRepo(handle.db).listProducts('menu_order', 50, 0)).map(
      (p) => p.name,
    );
    expect(names).toEqual([
      'Classic Hoodie',
      'Linen Shirt',
      'Canvas Tote',
      'Desk Lamp',
      'Coffee Club',
      'Sticker Pack',
    ]);
  });

  it('sorts by each contract order', async () => {
    const catalog = catalogRepo(handle.db);
    const slugs = async (order: Parameters<typeof catalog.listProducts>[0]) =>
      (await catalog.listProducts(order, 50, 0)).map((p) => p.slug);
    expect(await slugs('price')).toEqual([
      'sticker-pack',
      'coffee-club',
      'canvas-tote',
      'linen-shirt',
      'classic-hoodie',
      'desk-lamp',
    ]);
    expect((await slugs('price-desc'))[0]).toBe('desk-lamp');
    expect((await slugs('popularity'))[0]).toBe('sticker-pack');
    expect((await slugs('date'))[0]).toBe('sticker-pack');
    expect((await slugs('rating'))[0]).toBe('classic-hoodie');
  });

  it('pages the listing', async () => {
    const catalog = catalogRepo(handle.db);
    const page2 = await catalog.listProducts('menu_order', 4, 4);
    expect(page2.map((p) => p.slug)).toEqual(['coffee-club', 'sticker-pack']);
  });

  it('finds a category by its slug', async () => {
    const catalog = catalogRepo(handle.db);
    expect(await catalog.categoryBySlug('clothing')).toMatchObject({
      slug: 'clothing',
      name: 'Clothing',
      description: 'Hoodies and shirts made to last.',
    });
    expect((await catalog.categoryBySlug('accessories'))?.name).toBe('Accessories');
    expect(await catalog.categoryBySlug('no-such-category')).toBeUndefined();
    expect(await catalog.categoryBySlug('')).toBeUndefined();
  });

  it("lists a category's own products in the demo order", async () => {
    const catalog = catalogRepo(handle.db);
    const names = async (slug: string) =>
      (await catalog.productsInCategory((await catalog.categoryBySlug(slug))!.id)).map(
        (p) => p.name,
      );
    expect(await names('clothing')).toEqual(['Classic Hoodie', 'Linen Shirt']);
    expect(await names('accessories')).toEqual(['Canvas Tote']);
    expect(await catalog.productsInCategory(999_999)).toEqual([]);
  });

  it('orders a category by menu order, then name, and leaves variations out', async () => {
    const { db } = handle;
    const category = await db
      .insertInto('categories')
      .values({ slug: 'lamps', name: 'Lamps', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insert = async (slug: string, menuOrder: number, parentId: number | null = null) =>
      (
        await db
          .insertInto('products')
          .values({
            slug,
            name: slug.replace(/^\w/, (c) => c.toUpperCase()),
            type: parentId ? 'variation' : 'simple',
            parent_id: parentId,
            category_id: category.id,
            sku: '',
            description: '',
            short_description: '',
            regular_price: 1000,
            sale_price: null,
            stock: null,
            billing_period: null,
            attributes_json: '{}',
            menu_order: menuOrder,
            total_sales: 0,
            rating_sum: 0,
            rating_count: 0,
            weight_grams: null,
            dimensions: null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const zeta = await insert('zeta', 1);
    await insert('alpha', 1);
    await insert('omega', 0);
    // A variation that (wrongly) carries the category itself is still not a product of its own.
    await insert('zeta-small', 0, zeta);
    try {
      const products = await catalogRepo(db).productsInCategory(category.id);
      expect(products.map((p) => p.name)).toEqual(['Omega', 'Alpha', 'Zeta']);
      expect(products.every((p) => p.categoryId === category.id && p.parentId === null)).toBe(true);
    } finally {
      await db.deleteFrom('products').where('parent_id', '=', zeta).execute();
      await db.deleteFrom('products').where('category_id', '=', category.id).execute();
      await db.deleteFrom('categories').where('id', '=', category.id).execute();
    }
  });
});
