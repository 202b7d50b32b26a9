import type { Db } from '../platform/db/database.ts';
import type { DeviceType, OrderAttribution } from './attribution.ts';

/** An order's attribution: written in the order's own transaction, read back by order id. */
export async function saveOrderAttribution(
  tx: Db,
  orderId: number,
  attribution: OrderAttribution,
): Promise<void> {
  await tx
    .insertInto('order_attribution')
    .values({
      order_id: orderId,
      source_type: attribution.sourceType,
      referrer: attribution.referrer,
      utm_campaign: attribution.utmCampaign,
      utm_source: attribution.utmSource,
      utm_medium: attribution.utmMedium,
      utm_content: attribution.utmContent,
      utm_term: attribution.utmTerm,
      session_entry: attribution.sessionEntry,
      session_start_time: attribution.sessionStartTime,
      session_pages: attribution.sessionPages,
      session_count: attribution.sessionCount,
      user_agent: attribution.userAgent,
      device_type: attribution.deviceType,
    })
    .execute();
}

export async function orderAttribution(
  db: Db,
  orderId: number,
): Promise<OrderAttribution | undefined> {
  const row = await db
    .selectFrom('order_attribution')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sourceType: row.source_type,
    referrer: row.referrer,
    utmCampaign: row.utm_campaign,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmContent: row.utm_content,
    utmTerm: row.utm_term,
    sessionEntry: row.session_entry,
    sessionStartTime: row.session_start_time,
    sessionPages: row.session_pages,
    sessionCount: row.session_count,
    userAgent: row.user_agent,
    deviceType: row.device_type as DeviceType,
  };
}
