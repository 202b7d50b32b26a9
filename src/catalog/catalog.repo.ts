import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { ProductRow } from '../platform/db/schema.ts';
import type { SortOrder } from './listing.ts';
import type { Product, ProductImage, ProductType } from './product-rules.ts';

export interface Category {
  id: number;
  slug: string;
  name: string;
  description: string;
}

export function toProduct(row: ProductRow): Product {
  const raw = JSON.parse(row.attributes_json) as Record<string, string | string[]>;
  const attributes: Record<string, string> = {};
  const attributeOptions: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) attributeOptions[name] = value;
    else attributes[name] = value;
  }
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type as ProductType,
    parentId: row.parent_id,
    categoryId: row.category_id,
    sku: row.sku,
    description: row.description,
    shortDescription: row.short_description,
    regularPrice: row.regular_price,
    salePrice: row.sale_price,
    stock: row.stock,
    billingPeriod: row.billing_period,
    attributes,
    attributeOptions,
    menuOrder: row.menu_order,
    totalSales: row.total_sales,
    ratingCount: row.rating_count,
    averageRating: row.rating_count === 0 ? 0 : row.rating_sum / row.rating_count,
    reviewCount: row.review_count,
    weightGrams: row.weight_grams,
    dimensions: row.dimensions,
    createdAt: row.created_at,
  };
}

const effectivePrice = sql<number>`coalesce(sale_price, regular_price)`;
const averageRating = sql<number>`case when rating_count = 0 then 0 else rating_sum * 1.0 / rating_count end`;

export function catalogRepo(db: Db) {
  return {
    async listProducts(order: SortOrder, limit: number, offset: number): Promise<Product[]> {
      let query = db.selectFrom('products').selectAll().where('parent_id', 'is', null);
      switch (order) {
        case 'popularity':
          query = query.orderBy('total_sales', 'desc');
          break;
        case 'rating':
          // WooCommerce's order: the average, then how many ratings it rests on.
          query = query.orderBy(averageRating, 'desc').orderBy('rating_count', 'desc');
          break;
        case 'date':
          query = query.orderBy('created_at', 'desc');
          break;
        case 'price':
          query = query.orderBy(effectivePrice, 'asc');
          break;
        case 'price-desc':
          query = query.orderBy(effectivePrice, 'desc');
          break;
        case 'menu_order':
          query = query.orderBy('menu_order', 'asc');
          break;
      }
      const rows = await query
        .orderBy('name', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toProduct);
    },

    async countProducts(): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async productBySlug(slug: string): Promise<Product | undefined> {
      const row = await db
        .selectFrom('products')
        .selectAll()
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row && row.parent_id === null ? toProduct(row) : undefined;
    },

    async productById(id: number): Promise<Product | undefined> {
      const row = await db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toProduct(row) : undefined;
    },

    async productsByIds(ids: readonly number[]): Promise<Map<number, Product>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((row) => [row.id, toProduct(row)]));
    },

    async variationsOf(parentId: number): Promise<Product[]> {
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('parent_id', '=', parentId)
        .orderBy('menu_order')
        .orderBy('id')
        .execute();
      return rows.map(toProduct);
    },

    async imagesOf(productIds: readonly number[]): Promise<Map<number, ProductImage[]>> {
      const result = new Map<number, ProductImage[]>();
      if (productIds.length === 0) return result;
      const rows = await db
        .selectFrom('product_images')
        .select(['product_id', 'file', 'alt', 'caption', 'width', 'height'])
        .where('product_id', 'in', [...new Set(productIds)])
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      for (const { product_id, ...image } of rows) {
        const list = result.get(product_id) ?? [];
        list.push(image);
        result.set(product_id, list);
      }
      return result;
    },

    async categoryById(id: number): Promise<Category | undefined> {
      return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async categoryBySlug(slug: string): Promise<Category | undefined> {
      return db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    /** A category's own products (never variations), in the shop's order: menu order, then name. */
    async productsInCategory(categoryId: number): Promise<Product[]> {
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('category_id', '=', categoryId)
        .where('parent_id', 'is', null)
        .orderBy('menu_order', 'asc')
        .orderBy('name', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toProduct);
    },

    async categories(): Promise<Category[]> {
      return db.selectFrom('categories').selectAll().orderBy('name').execute();
    },
  };
}

export type CatalogRepo = ReturnType<typeof catalogRepo>;
