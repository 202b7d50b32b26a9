import type { FastifyInstance } from 'fastify';

/** A route as the server registered it: what the edge fuzz test sends malformed bodies to. */
export interface RegisteredRoute {
  methods: string[];
  url: string;
  /** The body's schema (zod), when the route declares one. */
  bodySchema: unknown;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Keeps a list of every route registered on the server from now on. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({
      methods: [route.method].flat(),
      url: route.url,
      bodySchema: (route.schema as { body?: unknown } | undefined)?.body,
    });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}
