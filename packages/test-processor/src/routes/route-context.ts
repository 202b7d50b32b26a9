import type { FastifyRequest } from 'fastify';
import type { ProcessorContext } from '../context.ts';

export interface RouteContext extends ProcessorContext {
  /** The processor's origin for its own pages, as the caller reached it. */
  origin(request: FastifyRequest): string;
  /** The Content-Security-Policy of the processor's pages, one per response. */
  pagePolicy(): string;
  /** `config` for routes a browser calls with the publishable key (@fastify/rate-limit). */
  browserRouteConfig: {
    rateLimit?: {
      max: number;
      timeWindow: number;
      allowList: (request: FastifyRequest) => boolean;
    };
  };
}

export type WithId = FastifyRequest<{ Params: { id: string } }>;
