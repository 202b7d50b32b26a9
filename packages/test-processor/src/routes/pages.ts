import type { FastifyInstance } from 'fastify';
import { decisionRoutes } from './decision-pages.ts';
import type { RouteContext } from './route-context.ts';
import { voucherRoutes } from './voucher-pages.ts';

/** The processor's own HTML pages: 3D Secure challenge, redirect authorisation, vouchers. */
export function pageRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  void processor.register(async (pages) => {
    pages.addHook('onRequest', async (_request, reply) => {
      // A decision posts back here and is answered by a redirect to the intent's return URL,
      // which may be on any site (a form embedded elsewhere): as Stripe's pages allow it.
      const policy = ctx
        .pagePolicy()
        .replace(/form-action 'self'/, "form-action 'self' http: https:");
      reply.header('content-security-policy', policy);
    });
    decisionRoutes(pages, ctx, 'challenge');
    decisionRoutes(pages, ctx, 'authorize');
    voucherRoutes(pages, ctx);
  });
}
