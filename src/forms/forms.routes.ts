import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ShopError } from '../platform/errors/shop-error.ts';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import { assertSameOrigin } from '../platform/http/csrf.ts';
import { uploadedFiles } from '../platform/http/multipart.ts';
import type { PageHandler } from '../platform/http/pages.ts';
import { parseInput } from '../platform/http/validation.ts';
import { VISITOR_COOKIE_NAME } from '../platform/constants/index.ts';
import { messages } from '../platform/messages/index.ts';
import type { FormsOperations, SubmitInput, SubmitResult } from './operations.ts';
import { answerPagePost, type FormPagePost } from './page-post.ts';
import { publicCoupon } from './payments/coupon.ts';
import {
  challengeQuerySchema,
  confirmPaymentSchema,
  COUPON_CODE,
  restrictedEmailSchema,
  submitBodySchema,
  textEntries,
  tokenRequestSchema,
  type SubmitBody,
} from './schemas.ts';
import { submitAnswer } from './submit-answer.ts';
import { WIRE, type PostedEntry } from './wire.ts';

/**
 * The form builder's doors: the three admin-ajax calls of seed 002 §7 (any site may call them:
 * forms embed anywhere, and each checks its own token), the ALTCHA challenge, and the form page's
 * own post without JavaScript. Each is a thin adapter of `formsOperations`.
 */
export interface FormDoorDeps {
  forms: FormsOperations;
}

/** Forms embed on any site: their answers may be read by any page (no cookies are involved). */
function openToAnySite(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}

export function submitInput(
  request: FastifyRequest,
  body: SubmitBody,
): Omit<SubmitInput, 'formId'> & { entries: PostedEntry[] } {
  const files = uploadedFiles(request);
  return {
    entries: [...textEntries(body), ...files.map((file): PostedEntry => [file.field, file])],
    files,
    ip: request.ip,
    visitorCookie: request.cookies?.[VISITOR_COOKIE_NAME],
    origin: `${request.protocol}://${request.host}`,
  };
}

export function formAjaxCalls(deps: FormDoorDeps): AjaxCalls {
  return new Map([
    [
      'wpforms_submit',
      ajaxCall({
        guard: { kind: 'open' },
        schema: submitBodySchema,
        async handle(body, request, reply) {
          const result = await deps.forms.submit({
            formId: body[WIRE.formId],
            ...submitInput(request, body),
          });
          return answer(reply, result);
        },
      }),
    ],
    [
      'wpforms_apply_coupon',
      ajaxCall({
        guard: { kind: 'open' },
        schema: submitBodySchema,
        async handle(body, request, reply) {
          const outcome = await deps.forms.applyCoupon({
            formId: body[WIRE.formId],
            entries: textEntries(body),
            code: String([body[COUPON_CODE] ?? ''].flat()[0] ?? ''),
            ip: request.ip,
          });
          if (outcome.kind === 'not_found')
            throw new ShopError('form_not_found', messages.forms.formNotFound, 404);
          if (outcome.kind === 'rate_limited') throw rateLimited(reply, outcome.retryAfterMs);
          if (outcome.kind === 'refused')
            return { success: false, data: { message: outcome.message } };
          return {
            success: true,
            data: {
              coupon: publicCoupon(outcome.coupon),
              message: messages.formPayments.couponApplied,
            },
          };
        },
      }),
    ],
    [
      'wpforms_confirm_payment',
      ajaxCall({
        guard: { kind: 'open' },
        schema: confirmPaymentSchema,
        async handle(input, _request, reply) {
          const result = await deps.forms.confirmPayment({
            formId: input.form_id,
            entryId: input.entry_id,
            intentId: input.payment_intent,
            clientSecret: input.payment_intent_client_secret,
          });
          return answer(reply, result);
        },
      }),
    ],
    [
      'wpforms_get_token',
      ajaxCall({
        guard: { kind: 'open' },
        schema: tokenRequestSchema,
        async handle(input) {
          const token = await deps.forms.issueToken(input.formId);
          if (!token) throw new ShopError('form_not_found', messages.forms.formNotFound, 404);
          return { success: true, data: { token } };
        },
      }),
    ],
    [
      'wpforms_restricted_email',
      ajaxCall({
        guard: { kind: 'open' },
        schema: restrictedEmailSchema,
        async handle(input, request, reply) {
          const outcome = await deps.forms.isEmailAllowed({
            formId: input.form_id,
            fieldId: input.field_id,
            email: input.email,
            ip: request.ip,
          });
          if (outcome.kind === 'not_found')
            throw new ShopError('form_not_found', messages.forms.formNotFound, 404);
          if (outcome.kind === 'rate_limited') throw rateLimited(reply, outcome.retryAfterMs);
          return { success: true, data: outcome.allowed };
        },
      }),
    ],
  ]);
}

function rateLimited(reply: FastifyReply, retryAfterMs: number): ShopError {
  reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new ShopError('rate_limited', messages.forms.rateLimited, 429, {
    success: false,
    data: submitAnswer({ kind: 'refused', general: { header: messages.forms.rateLimited } }).data,
  });
}

function answer(reply: FastifyReply, result: SubmitResult): unknown {
  if (result.kind === 'not_found')
    throw new ShopError('form_not_found', messages.forms.formNotFound, 404);
  if (result.kind === 'rate_limited') throw rateLimited(reply, result.retryAfterMs);
  return submitAnswer(result);
}

/** Where the page door leaves what happened for the page to render. */
const pagePosts = new WeakMap<FastifyRequest, FormPagePost>();

export function formPagePost(request: FastifyRequest): FormPagePost | undefined {
  return pagePosts.get(request);
}

export function registerFormRoutes(
  app: FastifyInstance,
  deps: FormDoorDeps,
  renderPage: PageHandler | undefined,
): void {
  /** The captcha field's ALTCHA challenge: `?form={formId}&field={fieldId}` (a GET, as ALTCHA's). */
  app.get('/forms/altcha-challenge', async (request, reply) => {
    openToAnySite(reply);
    reply.header('cache-control', 'no-store');
    const query = parseInput(challengeQuerySchema, request.query);
    const challenge = await deps.forms.captchaChallenge(query.form, query.field);
    if (!challenge) throw new ShopError('form_not_found', messages.forms.formNotFound, 404);
    return challenge;
  });

  /**
   * The form page's post without JavaScript (multipart, read by the shop's multipart reader):
   * Next / Previous between pages, or the submission; then the page renders what came of it.
   */
  app.post('/forms/:formId/', { schema: { body: submitBodySchema } }, async (request, reply) => {
    if (!renderPage) return reply.callNotFound();
    assertSameOrigin(request);
    const body = parseInput(submitBodySchema, request.body);
    const formId = (request.params as { formId: string }).formId;
    if (body[WIRE.formId] !== formId)
      throw new ShopError('invalid_request', messages.badRequest, 400);
    const outcome = await answerPagePost(deps.forms, formId, submitInput(request, body));
    if (outcome.kind === 'not_found') return reply.callNotFound();
    pagePosts.set(request, outcome);
    return renderPage(request, reply);
  });
}
