import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSameOrigin } from '../http/csrf.ts';
import { safeRedirect } from '../http/redirect.ts';
import { parseInput } from '../http/validation.ts';
import {
  CONSENT_FORM_PATH,
  choiceOf,
  consentCookieText,
  optionalConsentCategories,
  type OptionalConsentCategory,
} from './consent.ts';

const ticked = z.literal('on').optional();

/** The banner's form as it posts without JavaScript. */
export const consentFormSchema = z.object({
  consent: z.enum(['all', 'none', 'choose']),
  preferences: ticked,
  statistics: ticked,
  marketing: ticked,
  /** The page the banner was on: the browser goes back there. */
  redirect_to: z.string().max(2000).optional(),
});

/**
 * The banner without JavaScript: its form posts here, from the shop's own pages only; the choice
 * is stored in its cookie and the browser goes back to the page it came from (a path on this
 * site). Nothing is kept on the server.
 */
export function registerConsentRoute(app: FastifyInstance): void {
  app.post(CONSENT_FORM_PATH, { schema: { body: consentFormSchema } }, async (request, reply) => {
    assertSameOrigin(request);
    const form = parseInput(consentFormSchema, request.body);
    const granted = optionalConsentCategories.filter(
      (category: OptionalConsentCategory) => form[category] === 'on',
    );
    const choice = choiceOf(
      form.consent === 'choose' ? { consent: 'choose', granted } : { consent: form.consent },
    );
    reply.header('set-cookie', consentCookieText(choice, request.protocol === 'https'));
    reply.header('cache-control', 'private, no-store');
    return reply.redirect(safeRedirect(form.redirect_to, '/'), 303);
  });
}
