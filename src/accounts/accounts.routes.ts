import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import type { RequestContext, RequestContexts } from '../platform/http/request-context.ts';
import { parseInput } from '../platform/http/validation.ts';
import { format, messages } from '../platform/messages/index.ts';
import { redirectTarget } from './account.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  authRefusal,
  authSuccess,
  invalidNonce,
  offSiteRedirect,
  retryAfterSeconds,
  type AuthAnswer,
} from './auth-answers.ts';
import { AUTH_FORM_NONCES, type AuthAction } from './nonces.ts';
import {
  logIn,
  requestPasswordReset,
  requestRegistration,
  type AccountRefusal,
} from './operations.ts';
import {
  authCallBody,
  authFormFields,
  loginForm,
  lostPasswordForm,
  registerForm,
} from './schemas.ts';

export interface AccountDoorDeps {
  accounts: AccountsService;
  contexts: RequestContexts;
}

/** What a door knows of its request once its form is unpacked and its nonce checked. */
interface AuthRequest<S extends z.ZodType> {
  form: z.infer<S>;
  context: RequestContext;
  reply: FastifyReply;
}

/**
 * One auth action of `POST /admin-ajax` (seed 000 §7): cross-site posts refused, the serialized
 * form unpacked, its nonce checked (the form's own field, or any name the seeds use), then the
 * form parsed by its schema and handed to `run`.
 */
function authCall<S extends z.ZodType>(
  deps: AccountDoorDeps,
  action: AuthAction,
  schema: S,
  run: (call: AuthRequest<S>) => Promise<AuthAnswer>,
) {
  const nonce = AUTH_FORM_NONCES[action];
  return ajaxCall({
    // A visitor's nonce is the same for every visitor, so cross-site posts are refused first.
    guard: { kind: 'same-origin' },
    schema: authCallBody,
    async handle(body, request, reply) {
      const fields = authFormFields(body);
      const context = deps.contexts(request, reply);
      const given = fields[nonce.field] ?? fields.security ?? fields._wpnonce;
      if (!(await context.verifyVisitorNonce(nonce.action, given))) throw invalidNonce();
      return run({ form: parseInput(schema, fields), context, reply });
    },
  });
}

function refuse(reply: FastifyReply, refusal: AccountRefusal): never {
  const retryAfter = retryAfterSeconds(refusal);
  if (retryAfter !== null) reply.header('retry-after', retryAfter);
  throw authRefusal(refusal);
}

/** `POST /admin-ajax` auth actions (CONTRACT §2): `login`, `register`, `lost_password`. */
export function accountAjaxCalls(deps: AccountDoorDeps): AjaxCalls {
  const operations = deps.accounts.operations;
  return new Map([
    [
      'login',
      authCall(deps, 'login', loginForm, async ({ form, context, reply }) => {
        const redirect = redirectTarget(form.redirect, '/my-account/');
        if (redirect === null) throw offSiteRedirect();
        const session = await context.readSession();
        const outcome = await logIn(operations, {
          ...form,
          sessionId: session?.id,
          ip: context.clientIp,
        });
        if (!outcome.ok) refuse(reply, outcome);
        context.handOver(outcome.session);
        return authSuccess('', redirect);
      }),
    ],
    [
      'register',
      authCall(deps, 'register', registerForm, async ({ form, context, reply }) => {
        if (redirectTarget(form.redirect, '/') === null) throw offSiteRedirect();
        const outcome = await requestRegistration(operations, { ...form, ip: context.clientIp });
        if (!outcome.ok) refuse(reply, outcome);
        return authSuccess(format(messages.registerEmailSent, { email: outcome.email }));
      }),
    ],
    [
      'lost_password',
      authCall(deps, 'lost_password', lostPasswordForm, async ({ form, context, reply }) => {
        const outcome = await requestPasswordReset(operations, {
          login: form.user_login,
          ip: context.clientIp,
        });
        if (!outcome.ok) refuse(reply, outcome);
        return authSuccess(messages.lostPasswordSent);
      }),
    ],
  ]);
}
