import type { Db } from '../platform/db/database.ts';
import type {
  BlockSection,
  ContentBlock,
  ContentSettingRows,
  FaqGroup,
  HomeReview,
} from './content.ts';
import { CONTENT_SETTING_NAMES } from './content.ts';

/** The shop's own content (home slides, FAQ), its content settings and customers' meta. */
export function contentRepo(db: Db) {
  return {
    /** The slides of some home sections, each section in its order. */
    async blocks(sections: readonly BlockSection[]): Promise<Map<BlockSection, ContentBlock[]>> {
      const rows = await db
        .selectFrom('content_blocks')
        .select(['id', 'section', 'title', 'subtitle', 'body', 'published_on'])
        .where('section', 'in', sections)
        .orderBy('section')
        .orderBy('position')
        .orderBy('id')
        .execute();
      const bySection = new Map<BlockSection, ContentBlock[]>(sections.map((s) => [s, []]));
      for (const row of rows) {
        bySection.get(row.section as BlockSection)?.push({
          id: row.id,
          title: row.title,
          subtitle: row.subtitle,
          body: row.body,
          publishedOn: row.published_on,
        });
      }
      return bySection;
    },

    /** Every FAQ group with its questions, both in order. */
    async faq(): Promise<FaqGroup[]> {
      const [groups, entries] = await Promise.all([
        db
          .selectFrom('faq_groups')
          .select(['id', 'slug', 'name'])
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('faq_entries')
          .select(['id', 'group_id', 'question', 'answer'])
          .orderBy('group_id')
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ]);
      return groups.map((group) => ({
        slug: group.slug,
        name: group.name,
        entries: entries
          .filter((entry) => entry.group_id === group.id)
          .map(({ id, question, answer }) => ({ id, question, answer })),
      }));
    },

    /** The newest approved reviews of the shop's products, with the product each is about. */
    async latestReviews(limit: number): Promise<HomeReview[]> {
      const rows = await db
        .selectFrom('reviews')
        .innerJoin('products', 'products.id', 'reviews.product_id')
        .where('reviews.status', '=', 'approved')
        .select([
          'reviews.id as id',
          'reviews.author as author',
          'reviews.rating as rating',
          'reviews.content as content',
          'reviews.verified as verified',
          'reviews.created_at as createdAt',
          'products.name as productName',
          'products.slug as productSlug',
        ])
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, verified: row.verified === 1 }));
    },

    /** The content settings' raw rows (WooCommerce's option names). */
    async settingRows(): Promise<ContentSettingRows> {
      const rows = await db
        .selectFrom('settings')
        .select(['name', 'value'])
        .where('name', 'in', Object.values(CONTENT_SETTING_NAMES))
        .execute();
      return new Map(rows.map((row) => [row.name, row.value]));
    },

    async customerMeta(customerId: number, key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('customer_meta')
        .select('meta_value')
        .where('customer_id', '=', customerId)
        .where('meta_key', '=', key)
        .executeTakeFirst();
      return row?.meta_value;
    },

    async setCustomerMeta(customerId: number, key: string, value: string): Promise<void> {
      await db
        .insertInto('customer_meta')
        .values({ customer_id: customerId, meta_key: key, meta_value: value })
        .onConflict((oc) =>
          oc.columns(['customer_id', 'meta_key']).doUpdateSet({ meta_value: value }),
        )
        .execute();
    },
  };
}

export type ContentRepo = ReturnType<typeof contentRepo>;
