import type { FastifyInstance } from 'fastify';
import { decisionRoutes } from './decision-pages.ts';
import type { RouteContext } from './route-context.ts';
import { voucherRoutes } from './voucher-pages.ts';

/** The processor's own HTML pages: 3D Secure challenge, redirect authorisation, vouchers. */
export function pageRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  void processor.register(async (pages) => {
    pages.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', ctx.pagePolicy());
    });
    decisionRoutes(pages, ctx, 'challenge');
    decisionRoutes(pages, ctx, 'authorize');
    voucherRoutes(pages, ctx);
  });
}
