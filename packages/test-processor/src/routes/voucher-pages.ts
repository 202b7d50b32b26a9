import type { FastifyInstance } from 'fastify';
import { TEST_PROCESSOR_PATH } from '../keys.ts';
import { isVoucherType } from '../method-types.ts';
import { resultPage, voucherPage, type VoucherView } from '../pages/pages.ts';
import { pageTexts as t } from '../pages/texts.ts';
import { formatAmount, formatExpiry } from '../pages/layout.ts';
import { voucherPdf } from '../pages/voucher-pdf.ts';
import {
  findTarget,
  pageIntent,
  payTarget,
  secretOf,
  sendNotFound,
  sendPage,
  shopUrl,
  type PageTarget,
} from './page-support.ts';
import type { RouteContext, WithId } from './route-context.ts';

interface DisplayDetails {
  number?: string;
  entity?: string;
  reference?: string;
  expires_at?: number;
  expires_after?: number;
  pdf?: string;
}

/** The voucher from the intent's `next_action`, while it waits to be paid. */
function voucherOf(target: PageTarget): VoucherView | undefined {
  if (target.kind !== 'payment' || !isVoucherType(target.method?.type ?? '')) return undefined;
  const action = JSON.parse(target.row.next_action_json ?? 'null') as Record<
    string,
    unknown
  > | null;
  const details = action?.[`${target.method!.type}_display_details`] as DisplayDetails | undefined;
  if (!details) return undefined;
  const rows: [string, string][] = details.number
    ? [[t.voucherNumber, details.number]]
    : [
        [t.entity, details.entity ?? ''],
        [t.reference, details.reference ?? ''],
      ];
  return {
    rows,
    expiresAt: details.expires_at ?? details.expires_after ?? 0,
    pdfUrl: details.pdf ?? null,
  };
}

const voucherPath = (id: string) => `${TEST_PROCESSOR_PATH}/voucher/${id}`;

/**
 * `GET /voucher/:id?client_secret=` shows the voucher (Stripe's hosted_voucher_url);
 * `POST` is Simulate payment: the intent succeeds and its webhook goes out.
 */
export function voucherRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  processor.get('/voucher/:id', async (request: WithId, reply) => {
    const target = await findTarget(ctx, request.params.id, secretOf(request, 'query'));
    if (!target) return sendNotFound(reply);
    const voucher = voucherOf(target);
    if (!voucher) return sendPage(reply, resultPage(pageIntent(target), shopUrl(target)));
    const action = voucherPath(target.row.id);
    return sendPage(reply, voucherPage(pageIntent(target), voucher, action, shopUrl(target)));
  });

  processor.post(
    '/voucher/:id',
    { config: ctx.browserRouteConfig },
    async (request: WithId, reply) => {
      const target = await findTarget(ctx, request.params.id, secretOf(request, 'body'));
      if (!target || (target.row.status === 'requires_action' && !voucherOf(target)))
        return sendNotFound(reply);
      await payTarget(ctx, target);
      const back = `${voucherPath(target.row.id)}?client_secret=${encodeURIComponent(target.row.client_secret)}`;
      return reply.header('referrer-policy', 'no-referrer').redirect(back, 303);
    },
  );

  processor.get('/voucher/:id/pdf', async (request: WithId, reply) => {
    const target = await findTarget(ctx, request.params.id, secretOf(request, 'query'));
    const voucher = target && voucherOf(target);
    if (!target || target.kind !== 'payment' || !voucher?.pdfUrl) return sendNotFound(reply);
    const pdf = voucherPdf([
      `${pageIntent(target).methodTitle} voucher (${t.testMode})`,
      `${t.amount}: ${formatAmount(target.row.amount, target.row.currency)}`,
      ...voucher.rows.map(([label, value]) => `${label}: ${value}`),
      `${t.expires}: ${formatExpiry(voucher.expiresAt)}`,
    ]);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="voucher-${target.row.id}.pdf"`)
      .send(pdf);
  });
}
