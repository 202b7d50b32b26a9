import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { STORE_API_NONCE } from '../../cart/nonces.ts';
import { TEST_PROCESSOR_PATH } from '@shop/test-processor/keys';
import { wireCalls } from '../../server.ts';
import { ShopperClient } from '../../testing/browser-like-client.ts';
import { loadBuild, startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { databaseKinds } from '../db/testing/test-database.ts';
import { MAX_INPUT_DEPTH } from '../constants/index.ts';
import { createNonce } from '../nonce/nonce.ts';
import { SESSION_COOKIE } from '../session/session.ts';
import { registeredRoutes } from './routes.ts';
import { holdsNul, nestsDeeperThan } from './validation.ts';

/**
 * Issue 9: malformed bodies sent to every wire call (each registered wc-ajax and admin-ajax call,
 * every other POST route the server registered) and every page action, over loopback. None may
 * answer 5xx, and a body the call's own schema refuses changes no table. Issue 22: bodies nested
 * thousands deep among them (a recursive walk of one ran out of stack: a 500).
 */
const BODIES_PER_DATABASE = 1000;

type Kind = 'json' | 'form' | 'raw';
interface Target {
  name: string;
  url: string;
  /** Fields the call reads besides those of its schema (its action, its nonce). */
  fields: Record<string, string>;
  headers: Record<string, string>;
  /** The body's schema; without one, any body it is sent is malformed. */
  schema?: z.ZodType;
  page?: boolean;
}
interface Body {
  kind: Kind;
  text: string;
  contentType: string | undefined;
}

const FORM = 'application/x-www-form-urlencoded';
const PAGE_PARAMS: Record<string, string> = {
  slug: 'classic-hoodie',
  orderId: '1',
  kind: 'billing',
  formId: 'contact',
};

/** Strings that have broken parsers before: huge ids, NUL bytes, numbers that are not. */
const nasty = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999999',
    'true',
    'null',
    'NaN',
    '\u0000',
    'a\u0000b',
    '[]',
    '{}',
    '%00',
    '\ud800',
  ),
);
const jsonValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.constantFrom(2_147_483_648, -1, 0, 1.5, 1e308, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), nasty, { maxKeys: 3 }),
);

/** How deep the nested bodies go: just past the limit, the depth that broke a walk, and far past. */
const DEPTHS = [MAX_INPUT_DEPTH + 1, 5000, 100_000];

/** JSON text of arrays or objects nested `depth` deep; JSON.stringify cannot write one this deep. */
function nestedJson(shape: 'array' | 'object', depth: number): string {
  return shape === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A JSON object's text with one member's value given as JSON text. */
function jsonWithMember(fields: Record<string, string>, key: string, valueJson: string): string {
  const members = Object.entries(fields)
    .filter(([name]) => name !== key)
    .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${[...members, `${JSON.stringify(key)}:${valueJson}`].join(',')}}`;
}

/** A body a failure names by its shape and depth (the text runs to hundreds of kilobytes). */
function deepBody(body: Body, shape: string, depth: number): Body {
  return Object.assign(body, { [fc.toStringMethod]: () => `${shape} ${depth} deep` });
}

/** The whole body a JSON value nested `depth` deep: arrays, then objects. */
function deepWholeBodies(depth: number): Body[] {
  return (['array', 'object'] as const).map((shape) =>
    deepBody(
      { kind: 'json', text: nestedJson(shape, depth), contentType: 'application/json' },
      `JSON ${shape}s`,
      depth,
    ),
  );
}

/**
 * A door's body with one field nested `depth` deep: a JSON field of nested arrays, nested JSON as
 * the text of a field (JSON or form), and a form field named `key[a][a]…`.
 */
function deepFieldBodies(target: Target, key: string, depth: number): Body[] {
  const json = (text: string, shape: string) =>
    deepBody({ kind: 'json', text, contentType: 'application/json' }, `${shape} ${key}`, depth);
  const form = (fields: Record<string, string>, shape: string) =>
    deepBody(
      {
        kind: 'form',
        text: new URLSearchParams({ ...target.fields, ...fields }).toString(),
        contentType: FORM,
      },
      `${shape} ${key}`,
      depth,
    );
  return [
    json(jsonWithMember(target.fields, key, nestedJson('array', depth)), 'JSON field of arrays'),
    json(
      jsonWithMember(target.fields, key, JSON.stringify(nestedJson('object', depth))),
      'JSON text in the JSON field',
    ),
    form({ [key]: nestedJson('array', depth) }, 'JSON text in the form field'),
    form({ [`${key}${'[a]'.repeat(depth)}`]: '1' }, 'brackets after the form field'),
  ];
}

function schemaKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function bodyFor(target: Target): fc.Arbitrary<Body> {
  const keys = [...schemaKeys(target.schema), 'id', 'key', 'code', 'quantity', 'data'];
  const key = fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }));
  const json = fc
    .oneof(fc.dictionary(key, jsonValue, { maxKeys: 6 }), jsonValue)
    .map((value): Body => {
      const object = value && typeof value === 'object' && !Array.isArray(value);
      const text = JSON.stringify(object ? { ...target.fields, ...value } : value) ?? 'null';
      return { kind: 'json', text, contentType: 'application/json' };
    });
  const form = fc.dictionary(key, nasty, { maxKeys: 6 }).map((fields): Body => ({
    kind: 'form',
    text: new URLSearchParams({ ...target.fields, ...fields }).toString(),
    contentType: FORM,
  }));
  const raw = fc
    .record({
      text: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{"id": ', '[', '%', '\u0000')),
      contentType: fc.constantFrom(
        'application/json',
        FORM,
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        undefined,
      ),
    })
    .map((raw): Body => ({ kind: 'raw', ...raw }));
  const deep = fc.tuple(key, fc.constantFrom(...DEPTHS), fc.nat()).map(([name, depth, pick]) => {
    const bodies = [...deepWholeBodies(depth), ...deepFieldBodies(target, name, depth)];
    return bodies[pick % bodies.length]!;
  });
  // Deep bodies are large and every door meets each shape in the sweep below: a few here.
  return fc.oneof(
    { arbitrary: json, weight: 4 },
    { arbitrary: form, weight: 4 },
    { arbitrary: raw, weight: 4 },
    { arbitrary: deep, weight: 1 },
  );
}

/** What the server makes of the body, or undefined when it cannot read it at all. */
function parsedBody(body: Body): unknown {
  // No body at all reads as an empty form, whatever form type it claims (parseInput; an empty
  // multipart body is an empty form to @fastify/multipart too).
  const formLike = body.contentType === undefined || body.contentType.startsWith('multipart/');
  if (body.text === '' && formLike) return {};
  try {
    if (body.contentType === 'application/json') return JSON.parse(body.text) as unknown;
    if (body.contentType === FORM) return Object.fromEntries(new URLSearchParams(body.text));
  } catch {
    return undefined;
  }
  return undefined;
}

/** Whether the call must refuse this body: unreadable, holding NUL, or refused by its schema. */
function isMalformed(target: Target, body: Body): boolean {
  if (target.page) return body.contentType !== FORM && !body.contentType?.startsWith('multipart');
  if (!target.schema) return true;
  const parsed = parsedBody(body);
  return (
    parsed === undefined ||
    holdsNul(parsed) ||
    nestsDeeperThan(parsed, MAX_INPUT_DEPTH) ||
    !target.schema.safeParse(parsed).success
  );
}

/** A body as a failure names it: a deep one by its shape, others by their first characters. */
function described(body: Body): string {
  const own = (body as Partial<Record<typeof fc.toStringMethod, () => string>>)[fc.toStringMethod];
  return own ? own() : JSON.stringify({ ...body, text: body.text.slice(0, 300) });
}

function sessionIdOf(client: ShopperClient): string {
  const token = decodeURIComponent(client.cookie(SESSION_COOKIE) ?? '');
  return token.slice(0, token.lastIndexOf('.'));
}

describe.each(databaseKinds)('malformed bodies at every door on %s', (kind) => {
  let t: TestShop;
  let client: ShopperClient;
  let targets: Target[];
  let tables: string[];

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    // The job timer writes its heartbeat lease on its own: no request's doing, so it is stopped.
    await t.shop.jobs.stop();
    client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodie) });
    targets = await doors(t, sessionIdOf(client));
    tables = (await t.shop.db.introspection.getTables()).map((table) => table.name).sort();
  });
  afterAll(() => t.close());

  /** Every table's rows, as text, by table name. */
  async function snapshot(): Promise<Map<string, string>> {
    const rows = await Promise.all(
      tables.map((table) =>
        t.shop.db
          .selectFrom(table as never)
          .selectAll()
          .execute(),
      ),
    );
    return new Map(tables.map((table, i) => [table, JSON.stringify(rows[i])]));
  }

  function changed(before: Map<string, string>, after: Map<string, string>): string[] {
    return tables.filter((table) => before.get(table) !== after.get(table));
  }

  let before: Map<string, string>;
  let last = '';

  /**
   * Posts a body to a door: no 5xx, and a body the door must refuse is refused and changes no
   * table. Each post is judged by what it changed since the one before.
   */
  async function postAndJudge(target: Target, body: Body): Promise<void> {
    const response = await client.request('POST', target.url, {
      body: body.text,
      headers: {
        ...target.headers,
        ...(body.contentType && { 'content-type': body.contentType }),
      },
    });
    const sent = `${target.name} ${described(body)} -> ${response.status}`;
    expect(response.status, `${sent} ${response.text.slice(0, 200)}`).toBeLessThan(500);
    const after = await snapshot();
    // Moved on before asserting: fast-check re-runs a failure while shrinking, and each
    // re-run must be judged by what it changed, not what the failed run before it did.
    const changes = changed(before, after);
    const previous = last;
    before = after;
    last = sent;
    if (isMalformed(target, body)) {
      expect(response.status, sent).toBeGreaterThanOrEqual(300);
      expect(changes, `${sent}, after ${previous}`).toEqual([]);
    }
  }

  it('answers no 5xx, and a refused body changes no table', async () => {
    expect(targets.length).toBeGreaterThan(20);
    before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...targets)
          .chain((target) => fc.tuple(fc.constant(target), bodyFor(target))),
        ([target, body]) => postAndJudge(target, body),
      ),
      {
        numRuns: BODIES_PER_DATABASE,
        // FUZZ_SEED=<seed> replays a failure's run in order, without shrinking.
        ...(process.env.FUZZ_SEED && { seed: Number(process.env.FUZZ_SEED), endOnFailure: true }),
      },
    );
    // A full dump of every table after each post: 15-25 s a database on a quiet machine, four
    // times that on a loaded one.
  }, 240_000);

  it('answers input nested thousands deep (the body, any field, the query string) at every door without a 5xx', async () => {
    before = await snapshot();
    let posted = 0;
    for (const target of targets) {
      const bodies = [
        ...DEPTHS.flatMap(deepWholeBodies),
        ...[...new Set([...schemaKeys(target.schema), 'id'])].flatMap((key) =>
          deepFieldBodies(target, key, 5000),
        ),
      ];
      for (const body of bodies) {
        await postAndJudge(target, body);
        posted++;
      }
      // A query string's `q[a][a]…` (as deep as a URL within Node's 16 KiB of headers allows).
      const query = `q${'[a]'.repeat(4000)}=1`;
      const url = `${target.url}${target.url.includes('?') ? '&' : '?'}${query}`;
      await postAndJudge(
        { ...target, url },
        deepBody(
          { kind: 'form', text: new URLSearchParams(target.fields).toString(), contentType: FORM },
          'query string brackets',
          4000,
        ),
      );
    }
    expect(posted).toBeGreaterThan(targets.length * 10);
  }, 300_000);
});

/** Every door a body can be posted to, from what the server registered and the page build. */
async function doors(t: TestShop, sessionId: string): Promise<Target[]> {
  const nonce = (action: string) => createNonce(t.shop.secret, action, sessionId);
  const calls = wireCalls(t.shop);
  const ajax = (
    style: 'wc-ajax' | 'admin-ajax',
    name: string,
    guard: { kind: string; action?: string },
    schema: z.ZodType,
  ): Target => ({
    name: `${style} ${name}`,
    url: style === 'wc-ajax' ? `/?wc-ajax=${name}` : '/admin-ajax',
    fields: {
      ...(style === 'admin-ajax' && { action: name }),
      ...(guard.action && { security: nonce(guard.action) }),
    },
    headers: guard.action ? { nonce: nonce(guard.action) } : {},
    schema,
  });
  const targets = [
    ...[...calls.wcAjax].map(([name, call]) => ajax('wc-ajax', name, call.guard, call.schema)),
    ...[...calls.adminAjax].map(([name, call]) =>
      ajax('admin-ajax', name, call.guard, call.schema),
    ),
  ];
  const handled = new Set(['/', '/admin-ajax', '/*']);
  for (const route of registeredRoutes(t.app)) {
    if (!route.methods.includes('POST') || handled.has(route.url)) continue;
    if (route.url.startsWith(TEST_PROCESSOR_PATH)) continue;
    targets.push({
      name: route.url,
      url: route.url,
      fields: {},
      // The Store API's nonce; other routes ignore the header.
      headers: { nonce: nonce(STORE_API_NONCE) },
      schema: route.bodySchema as z.ZodType | undefined,
    });
  }
  const build = await loadBuild();
  // A nested route's path is relative to its parents' (`my-account` / `edit-account`).
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? [route.path] : [])];
  };
  for (const route of Object.values(build.routes)) {
    if (!route?.module.action) continue;
    const path = fullPath(route.id)
      .join('/')
      .replace(/:(\w+)\??/g, (_, name: string) => PAGE_PARAMS[name] ?? 'x');
    targets.push({ name: `page /${path}`, url: `/${path}/`, fields: {}, headers: {}, page: true });
  }
  // Counterexamples name the door, not its schema's innards.
  for (const target of targets) Object.assign(target, { [fc.toStringMethod]: () => target.name });
  return targets;
}
