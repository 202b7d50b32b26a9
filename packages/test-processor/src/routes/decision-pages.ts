import type { FastifyInstance } from 'fastify';
import { TEST_PROCESSOR_PATH } from '../keys.ts';
import { isRedirectType } from '../method-types.ts';
import { authorizePage, challengePage, resultPage } from '../pages/pages.ts';
import { str } from '../params.ts';
import { bodyOf } from '../http.ts';
import {
  answer,
  findTarget,
  pageIntent,
  secretOf,
  sendNotFound,
  sendOutcome,
  sendPage,
  shopUrl,
  type PageTarget,
} from './page-support.ts';
import type { RouteContext, WithId } from './route-context.ts';

type Page = 'challenge' | 'authorize';

/** The page waiting for this intent's answer is this one: 3D Secure for cards, else redirect. */
function waitsHere(target: PageTarget, page: Page): boolean {
  const type = target.method?.type ?? '';
  return (
    target.row.status === 'requires_action' &&
    (page === 'challenge' ? type === 'card' : isRedirectType(type))
  );
}

function render(target: PageTarget, page: Page, status = 200) {
  const action = `${TEST_PROCESSOR_PATH}/${page}/${target.row.id}`;
  const intent = pageIntent(target);
  return {
    status,
    html: page === 'challenge' ? challengePage(intent, action) : authorizePage(intent, action),
  };
}

/**
 * `GET /{page}/:id?client_secret=` asks; `POST` answers (Complete or Authorize, or Fail) and
 * goes back to the shop. Opened again once answered, the page says how it ended.
 */
export function decisionRoutes(processor: FastifyInstance, ctx: RouteContext, page: Page): void {
  const passing = page === 'challenge' ? 'complete' : 'authorize';

  processor.get(`/${page}/:id`, async (request: WithId, reply) => {
    const target = await findTarget(ctx, request.params.id, secretOf(request, 'query'));
    if (!target) return sendNotFound(reply);
    if (target.row.status !== 'requires_action')
      return sendPage(reply, resultPage(pageIntent(target), shopUrl(target)));
    if (!waitsHere(target, page)) return sendNotFound(reply);
    const { html } = render(target, page);
    return sendPage(reply, html);
  });

  processor.post(
    `/${page}/:id`,
    { config: ctx.browserRouteConfig },
    async (request: WithId, reply) => {
      const target = await findTarget(ctx, request.params.id, secretOf(request, 'body'));
      if (!target) return sendNotFound(reply);
      // Answered already (a second click, the back button): the same way back to the shop.
      if (target.row.status !== 'requires_action') return sendOutcome(reply, target);
      if (!waitsHere(target, page)) return sendNotFound(reply);
      const outcome = str(bodyOf(request), 'outcome');
      if (outcome !== passing && outcome !== 'fail') {
        const { html } = render(target, page);
        return sendPage(reply, html, 400);
      }
      return sendOutcome(reply, await answer(ctx, target, page, outcome === passing));
    },
  );
}
