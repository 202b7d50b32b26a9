import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertSameOrigin } from '../platform/http/csrf.ts';
import { requireNonce, type RequestContexts } from '../platform/http/request-context.ts';
import { BANNER_DISMISS_PATH, COMING_SOON_DISMISSED } from './content.ts';
import { REST_NONCE } from './nonces.ts';
import { dismissComingSoonBanner, type ContentDeps } from './operations.ts';
import { bannerDismissalBody } from './schemas.ts';

export interface ContentDoorDeps {
  content: ContentDeps;
  contexts: RequestContexts;
}

function wpNonce(request: FastifyRequest): string | undefined {
  const header = request.headers['x-wp-nonce'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * Seed 000 §7: the banner's dismissal, a JSON post of `woocommerce_meta` with its nonce in the
 * `X-WP-Nonce` header. A customer's choice is kept with the account; a visitor without one gets
 * a cookie for this browser session (read by the page, which may come from the cache).
 */
export function registerContentRoutes(app: FastifyInstance, deps: ContentDoorDeps): void {
  app.post(
    BANNER_DISMISS_PATH,
    { schema: { body: bannerDismissalBody } },
    async (request, reply) => {
      assertSameOrigin(request);
      const context = deps.contexts(request, reply);
      await requireNonce(context, REST_NONCE, wpNonce(request));
      const session = await context.readSession();
      const customerId = session?.customerId ?? null;
      const { rememberedFor } = await dismissComingSoonBanner(deps.content, { customerId });
      if (rememberedFor === 'browser') {
        reply.setCookie(COMING_SOON_DISMISSED, 'yes', {
          path: '/',
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
      }
      reply.header('cache-control', 'no-store');
      return { id: customerId ?? 0, woocommerce_meta: { [COMING_SOON_DISMISSED]: 'yes' } };
    },
  );
}
