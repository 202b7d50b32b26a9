import type { FastifyReply } from 'fastify';
import type { ProcessorContext } from '../context.ts';
import { bodyOf, queryOf, sameSecret } from '../http.ts';
import { methodTypeTitles, type MethodType } from '../method-types.ts';
import { returnUrlWith } from '../next-actions.ts';
import { str } from '../params.ts';
import { finishChallenge, finishRedirect, payVoucher } from '../payment-answers.ts';
import { notFoundPage, resultPage, type PageIntent } from '../pages/pages.ts';
import { finishSetup } from '../setup-flow.ts';
import type { IntentRow, MethodRow, SetupIntentRow } from '../test-processor.repo.ts';
import type { WithId } from './route-context.ts';

/** A payment or setup intent as the pages see it, found only with its client secret. */
export type PageTarget =
  | { kind: 'payment'; row: IntentRow; method: MethodRow | undefined }
  | { kind: 'setup'; row: SetupIntentRow; method: MethodRow | undefined };

export async function findTarget(
  ctx: ProcessorContext,
  id: string,
  clientSecret: string | undefined,
): Promise<PageTarget | undefined> {
  const row = id.startsWith('seti_')
    ? await ctx.repo.setupIntent(id)
    : id.startsWith('pi_')
      ? await ctx.repo.intent(id)
      : undefined;
  if (!row || !clientSecret || !sameSecret(clientSecret, row.client_secret)) return undefined;
  const method = row.payment_method ? await ctx.repo.paymentMethod(row.payment_method) : undefined;
  return 'amount' in row ? { kind: 'payment', row, method } : { kind: 'setup', row, method };
}

function methodLabel(method: MethodRow | undefined): string {
  if (!method) return '—';
  if (method.type !== 'card') return methodTypeTitles[method.type as MethodType] ?? method.type;
  const brand = method.brand ?? 'card';
  return `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${method.last4 ?? ''}`;
}

export function pageIntent(target: PageTarget): PageIntent {
  const { row, method } = target;
  return {
    kind: target.kind,
    clientSecret: row.client_secret,
    status: row.status,
    amount:
      target.kind === 'payment'
        ? { minor: target.row.amount, currency: target.row.currency }
        : null,
    methodLabel: methodLabel(method),
    methodTitle: method ? (methodTypeTitles[method.type as MethodType] ?? method.type) : '',
  };
}

/** Stripe's redirect_status for where the intent now stands. */
function redirectStatus(status: string): string {
  if (status === 'succeeded' || status === 'requires_capture') return 'succeeded';
  if (status === 'processing') return 'processing';
  return 'failed';
}

/** Back to the shop with Stripe's parameters, or null when the intent has no return URL. */
export function shopUrl(target: PageTarget): string | null {
  const { row } = target;
  if (!row.return_url) return null;
  const name = target.kind === 'payment' ? 'payment_intent' : 'setup_intent';
  return returnUrlWith(row.return_url, {
    [name]: row.id,
    [`${name}_client_secret`]: row.client_secret,
    redirect_status: redirectStatus(row.status),
  });
}

export function sendPage(reply: FastifyReply, html: string, status = 200) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The page URL holds the client secret: never pass it on in a Referer.
      .header('referrer-policy', 'no-referrer')
      .send(html)
  );
}

export const sendNotFound = (reply: FastifyReply) => sendPage(reply, notFoundPage(), 404);

/** After the answer: to the shop as Stripe redirects (303), or a page saying how it ended. */
export function sendOutcome(reply: FastifyReply, target: PageTarget) {
  const url = shopUrl(target);
  if (url) return reply.header('referrer-policy', 'no-referrer').redirect(url, 303);
  return sendPage(reply, resultPage(pageIntent(target), null));
}

/** Applies the page's answer to whichever intent it is. */
export async function answer(
  ctx: ProcessorContext,
  target: PageTarget,
  page: 'challenge' | 'authorize',
  passed: boolean,
): Promise<PageTarget> {
  if (target.kind === 'setup')
    return { ...target, row: await finishSetup(ctx, target.row, passed) };
  const row =
    page === 'challenge'
      ? await finishChallenge(ctx, target.row, passed)
      : await finishRedirect(ctx, target.row, passed);
  return { ...target, row };
}

export async function payTarget(ctx: ProcessorContext, target: PageTarget) {
  if (target.kind !== 'payment') return target;
  return { ...target, row: await payVoucher(ctx, target.row) };
}

export const secretOf = (request: WithId, from: 'query' | 'body') =>
  str(from === 'query' ? queryOf(request) : bodyOf(request), 'client_secret');
