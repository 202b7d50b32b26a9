import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '../../platform/messages/index.ts';
import type { FormsOperations } from '../operations.ts';
import { formIdSchema } from '../schemas.ts';
import { addressLists } from '../address-lists.ts';
import { publicDefinition } from '../public-definition.ts';

/**
 * The embed's doors (CONTRACT §6), for pages on any other site:
 * - `GET /forms/embed.js`: the tag's script (cached for minutes: it names the current module);
 * - `GET /forms/embed/{file}`: the module and its chunks (content-hashed names, cached for good);
 * - `GET /forms/{formId}/embed.json`: the form's public definition, a fresh token and, for a form
 *   with an address field, its countries and states (address-lists.ts).
 *
 * Each is readable by any origin (`Access-Control-Allow-Origin: *`, no cookies asked or set) and
 * loadable by any page (`Cross-Origin-Resource-Policy: cross-origin`, where helmet's default is
 * same-origin). The submit itself is the ordinary `wpforms_submit` call, already open to any site:
 * its token is the form's HMAC (anti-spam, not a credential), and it acts for no signed-in person,
 * so a cross-site post can do nothing a visitor of the host page could not.
 */
const LOADER_MAX_AGE_S = 300;
const FILE_NAME = /^[A-Za-z0-9_.-]{1,120}\.(js|css)$/;

function openToAnyPage(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('timing-allow-origin', '*');
}

async function sendFile(reply: FastifyReply, file: string, cacheControl: string) {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return reply.callNotFound();
  return openToAnyPage(reply)
    .type(file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('content-length', info.size)
    .send(createReadStream(file));
}

export function registerEmbedRoutes(
  app: FastifyInstance,
  deps: { forms: FormsOperations; clientDir: string | undefined; publishableKey: string },
): void {
  const dir = deps.clientDir && path.join(deps.clientDir, 'forms-embed');

  app.get('/forms/embed.js', async (_request, reply) => {
    if (!dir) return reply.callNotFound();
    return sendFile(reply, path.join(dir, 'embed.js'), `public, max-age=${LOADER_MAX_AGE_S}`);
  });

  app.get('/forms/embed/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!dir || !FILE_NAME.test(file)) return reply.callNotFound();
    const cache =
      file === 'app.js'
        ? `public, max-age=${LOADER_MAX_AGE_S}`
        : 'public, max-age=31536000, immutable';
    return sendFile(reply, path.join(dir, file), cache);
  });

  app.get('/forms/:formId/embed.json', async (request, reply) => {
    const parsed = formIdSchema.safeParse((request.params as { formId: string }).formId);
    const form = parsed.success ? await deps.forms.form(parsed.data) : undefined;
    openToAnyPage(reply).header('cache-control', 'no-store');
    if (!form)
      return reply
        .status(404)
        .send({ code: 'form_not_found', message: messages.forms.formNotFound });
    const token = await deps.forms.issueToken(form.id);
    return {
      form: publicDefinition(form),
      token,
      startTimestamp: Math.floor(Date.now() / 1000),
      // The card field's payment provider (the test processor's key, or Stripe's publishable key).
      publishableKey: deps.publishableKey,
      addressLists: addressLists(form),
    };
  });
}
