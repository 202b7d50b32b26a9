import {
  ALTCHA_SWEEP_MS,
  FORM_COUPON_RATE_LIMIT,
  FORM_EMAIL_CHECK_RATE_LIMIT,
  FORM_SUBMIT_RATE_LIMIT,
} from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { UploadedFile } from '../platform/http/multipart.ts';
import type { Logger } from '../platform/log/log.ts';
import { messages } from '../platform/messages/index.ts';
import { rateLimiter } from '../platform/rate-limit/rate-limit.service.ts';
import type { Challenge } from 'altcha-lib';
import { newChallenge, verifyCaptcha } from './altcha.ts';
import {
  formToken,
  isHoneypotFilled,
  isTokenValid,
  timestampOf,
  tookLongEnough,
} from './anti-spam.ts';
import type { FormDefinition } from './definition.ts';
import { fieldById, isInputField } from './form-pages.ts';
import type { FormsRepo, NewEntryFile, PayingEntry } from './forms.repo.ts';
import type { Coupon } from '../cart/coupon.ts';
import { checkFormCoupon } from './payments/coupon.ts';
import { customerOf } from './payments/customer.ts';
import { paymentTotals } from './payments/totals.ts';
import { visibleFieldIds } from './rules/conditions.ts';
import {
  checkCharge,
  finishEntryPayment,
  payEntry,
  paymentReturnUrl,
  type Charge,
  type FormPaymentDeps,
  type PaymentReturn,
} from './payments/pay-entry.ts';
import { entryMails } from './entry-mails.tsx';
import { queueMail } from '../platform/mail/mail.ts';
import { serverRuleServices } from './rule-services.ts';
import { judgeSubmission } from './rules/engine.ts';
import { isEmailAllowed } from './rules/field-rules.ts';
import { removeUploads, storeUpload, contentTypeOf, type StoredFile } from './uploads.ts';
import {
  fieldName,
  fileInputName,
  readFieldValues,
  storedAnswer,
  WIRE,
  type PostedEntry,
  type StoredAnswers,
} from './wire.ts';

/**
 * The form builder's business actions: submit an entry, issue a form token, check an address
 * against a field's restricted-email lists. Typed inputs in, typed results out; the doors
 * (forms.routes.ts, the form page) turn them into their own wire formats.
 */
export interface FormsDeps {
  db: Db;
  repo: FormsRepo;
  secret: string;
  dataDir: string;
  log: Logger;
  /** The shop's address, for notifications sent to `{admin_email}`. */
  shopEmail: string;
  now(): Date;
  /** Paying for entries (issue 13): without it, payment fields are answers and nothing is charged. */
  payments?: FormPaymentDeps;
}

/** Seed 002 §3's general errors, placed by the form: header on top, footer by the submit button. */
export interface GeneralErrors {
  header?: string;
  footer?: string;
  recaptcha?: string;
}

export interface SubmitInput {
  formId: string;
  /** The posted text fields and the chosen files (as wire.ts entries). */
  entries: PostedEntry[];
  files: UploadedFile[];
  ip: string;
  /** The visitor-id cookie's value, when the browser sent it. */
  visitorCookie: string | undefined;
  /** The shop's origin as the request reached it (absolute return URLs of card challenges). */
  origin: string;
}

export type SubmitResult =
  | { kind: 'stored'; form: FormDefinition; entryId: number }
  /** The card needs the visitor's authentication (3D Secure) before the entry is paid. */
  | { kind: 'action_required'; form: FormDefinition; entryId: number; clientSecret: string }
  | {
      kind: 'refused';
      form: FormDefinition;
      fields: Record<string, string>;
      general: GeneralErrors;
    }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterMs: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function formsOperations(deps: FormsDeps) {
  const submitLimiter = rateLimiter(deps.db, 'form_submit');
  const emailLimiter = rateLimiter(deps.db, 'form_email_check');
  const couponLimiter = rateLimiter(deps.db, 'form_coupon');
  let lastChallengeSweep = 0;
  /** Used challenges past their expiry can verify no more: forgotten now and then. */
  const sweepChallenges = async (now: Date) => {
    if (now.getTime() - lastChallengeSweep < ALTCHA_SWEEP_MS) return;
    lastChallengeSweep = now.getTime();
    await deps.repo.sweepChallenges(now);
  };

  return {
    /** A form's definition, for its page and its embed. */
    form: (id: string) => deps.repo.form(id),

    /** Seed 002 §7 call 2: a token for this form, good for its `token_cache_lifetime`. */
    async issueToken(formId: string): Promise<string | undefined> {
      const form = await deps.repo.form(formId);
      return form && formToken(deps.secret, form.id, seconds(deps.now()));
    },

    /** An ALTCHA challenge for a form's captcha field, as hard as the field asks. */
    async captchaChallenge(formId: string, fieldId: string): Promise<Challenge | undefined> {
      const form = await deps.repo.form(formId);
      const field = form && fieldById(form, fieldId);
      if (!form || field?.type !== 'captcha') return undefined;
      return newChallenge(deps.secret, seconds(deps.now()), {
        form: form.id,
        field: field.id,
        maxNumber: field.max_number,
      });
    },

    /** Seed 002 §7 call 4: whether an address passes the field's allow and deny lists. */
    async isEmailAllowed(input: {
      formId: string;
      fieldId: string;
      email: string;
      ip: string;
    }): Promise<
      | { kind: 'answer'; allowed: boolean }
      | { kind: 'not_found' }
      | { kind: 'rate_limited'; retryAfterMs: number }
    > {
      const form = await deps.repo.form(input.formId);
      const field = form && fieldById(form, input.fieldId);
      if (!form || field?.type !== 'email') return { kind: 'not_found' };
      const verdict = await emailLimiter.attempt([
        { kind: 'ip', subject: input.ip, limit: FORM_EMAIL_CHECK_RATE_LIMIT.perIp },
      ]);
      if (!verdict.allowed) return { kind: 'rate_limited', retryAfterMs: verdict.retryAfterMs };
      return { kind: 'answer', allowed: isEmailAllowed(input.email.trim(), field) };
    },

    /**
     * The coupon field's Apply (issue 13): the code checked by the shop's coupon rules against
     * the items the posted form chooses (and its e-mail, for per-customer limits).
     */
    async applyCoupon(input: {
      formId: string;
      entries: PostedEntry[];
      code: string;
      ip: string;
    }): Promise<
      | { kind: 'applied'; coupon: Coupon }
      | { kind: 'refused'; message: string }
      | { kind: 'not_found' }
      | { kind: 'rate_limited'; retryAfterMs: number }
    > {
      const form = await deps.repo.form(input.formId);
      if (!form || !form.fields.some((field) => field.type === 'payment-coupon'))
        return { kind: 'not_found' };
      const verdict = await couponLimiter.attempt([
        { kind: 'ip', subject: input.ip, limit: FORM_COUPON_RATE_LIMIT.perIp },
      ]);
      if (!verdict.allowed) return { kind: 'rate_limited', retryAfterMs: verdict.retryAfterMs };
      const values = readFieldValues(form, input.entries);
      const visible = visibleFieldIds(form, values);
      const { subtotal } = paymentTotals(form, values, visible);
      const email = customerOf(form, values, visible).email;
      const check = await checkFormCoupon(deps.db, input.code, subtotal, email, deps.now());
      return 'refused' in check
        ? { kind: 'refused', message: check.refused }
        : { kind: 'applied', coupon: check.coupon };
    },

    /**
     * Back from a card challenge (issue 13): the entry's payment settled from its intent, as
     * the processor has it; the answer is a submit's.
     */
    async confirmPayment(input: PaymentReturn): Promise<SubmitResult> {
      const form = await deps.repo.form(input.formId);
      if (!form || !deps.payments) return { kind: 'not_found' };
      const refused = (footer: string, fields: Record<string, string> = {}): SubmitResult => ({
        kind: 'refused',
        form,
        fields,
        general: { footer },
      });
      const payment = await finishEntryPayment(deps.payments, deps.repo, input);
      if (payment.kind === 'paid') return { kind: 'stored', form, entryId: input.entryId };
      if (payment.kind === 'refused')
        return refused(payment.footer ?? messages.formPayments.paymentFailed, payment.fields);
      return refused(messages.formPayments.paymentReturnInvalid);
    },

    /**
     * Seed 002 §7 call 1: judge a submission as the browser does (the one rule engine), pass the
     * anti-spam gates, verify the captcha and the uploads' content, then store the entry, its
     * files and its mails in one go. A refused submission stores nothing.
     */
    async submit(input: SubmitInput): Promise<SubmitResult> {
      const form = await deps.repo.form(input.formId);
      if (!form) return { kind: 'not_found' };
      const verdict = await submitLimiter.attempt([
        { kind: 'ip', subject: input.ip, limit: FORM_SUBMIT_RATE_LIMIT.perIp },
      ]);
      if (!verdict.allowed) return { kind: 'rate_limited', retryAfterMs: verdict.retryAfterMs };

      const now = deps.now();
      const posted = new Map(input.entries.filter(isText).map(([name, value]) => [name, value]));
      const refuse = (
        general: GeneralErrors,
        fields: Record<string, string> = {},
      ): SubmitResult => ({
        kind: 'refused',
        form,
        fields,
        general,
      });
      const settings = form.settings;
      if (settings.honeypot && isHoneypotFilled(posted.get(WIRE.honeypot)))
        return refuse({ footer: messages.forms.honeypotFailed });
      if (
        settings.antispam_token &&
        !isTokenValid(deps.secret, form, posted.get(WIRE.token), seconds(now))
      )
        return refuse({ footer: messages.forms.tokenInvalid });

      const values = readFieldValues(form, input.entries);
      const judged = judgeSubmission(form, values, await serverRuleServices(form));
      const fields = { ...judged.fields };
      const general: GeneralErrors = judged.general ? { footer: judged.general } : {};

      const captchas: { signature: string; expiresAt: Date; name: string }[] = [];
      for (const field of form.fields) {
        if (field.type !== 'captcha' || !judged.visible.has(field.id)) continue;
        const name = fieldName(field.id);
        if (fields[name]) continue;
        const check = await verifyCaptcha(deps.secret, values[field.id]?.values.at(-1) ?? '', {
          form: form.id,
          field: field.id,
        });
        if (check.verified) captchas.push({ ...check, name });
        else fields[name] = settings.val_captcha_fail_msg;
      }

      const uploads: { fieldId: string; file: UploadedFile; mimeType: string }[] = [];
      for (const field of form.fields) {
        if (field.type !== 'file-upload' || !judged.visible.has(field.id)) continue;
        const name = fileInputName(form.id, field.id);
        if (fields[name]) continue;
        for (const file of input.files.filter((f) => f.field === name)) {
          const mimeType = await contentTypeOf(file);
          if (!mimeType) fields[name] = settings.val_file_content;
          else uploads.push({ fieldId: field.id, file, mimeType });
        }
      }

      let charge: Charge | undefined;
      if (Object.keys(fields).length === 0 && !general.footer && deps.payments) {
        const check = await checkCharge(deps.payments, form, values, judged.visible, posted, now);
        if (check.kind === 'refused') {
          Object.assign(fields, check.fields);
          if (check.footer) general.footer = check.footer;
        } else if (check.kind === 'charge') charge = check.charge;
      }

      if (Object.keys(fields).length > 0 || general.footer) {
        return refuse({ header: messages.forms.errorHeader, ...general }, fields);
      }
      // Judged after the fields, so a person who was quick and wrong first sees what to correct.
      const start = timestampOf(posted.get(WIRE.startTimestamp));
      const end = timestampOf(posted.get(WIRE.endTimestamp));
      if (!tookLongEnough(form, start, end, seconds(now)))
        return refuse({ footer: messages.forms.tooFast });

      const answers: StoredAnswers = {};
      for (const field of form.fields) {
        const value = values[field.id];
        if (!isInputField(field) || field.type === 'captcha' || !judged.visible.has(field.id))
          continue;
        if (field.type === 'hidden')
          answers[field.id] = value?.values.at(-1) ?? field.default_value;
        else if (field.type === 'file-upload')
          answers[field.id] = uploads.filter((u) => u.fieldId === field.id).map((u) => u.file.name);
        else if (value) answers[field.id] = storedAnswer(field, value);
      }
      const pageUrl = validPageUrl(posted.get(WIRE.pageUrl));
      const visitorId = [input.visitorCookie, posted.get(WIRE.visitorId)].find(
        (id) => id && UUID.test(id),
      );

      const endedAt = new Date((end ?? seconds(now)) * 1000);
      let existing: PayingEntry | undefined;
      if (charge) {
        existing = await deps.repo.payingEntry(deps.db, {
          formId: form.id,
          submissionKey: charge.submissionKey,
        });
        if (existing?.status === 'completed') return { kind: 'stored', form, entryId: existing.id };
        // A retry of this submission (another card after a decline): its answers, its uploads kept.
        if (existing) await deps.repo.updateUnpaidAnswers(existing.id, answers, endedAt);
      }
      const pay = async (entryId: number): Promise<SubmitResult> => {
        const payment = await payEntry(deps.payments!, deps.repo, form, entryId, charge!, {
          ip: input.ip,
          origin: input.origin,
          returnUrl: paymentReturnUrl(
            pageUrl || `${input.origin}/forms/${form.id}/`,
            form,
            entryId,
          ),
        });
        if (payment.kind === 'paid') return { kind: 'stored', form, entryId };
        if (payment.kind === 'action_required')
          return { kind: 'action_required', form, entryId, clientSecret: payment.clientSecret };
        return refuse(
          { header: messages.forms.errorHeader, ...(payment.footer && { footer: payment.footer }) },
          payment.fields,
        );
      };
      if (existing) return pay(existing.id);

      const stored: StoredFile[] = [];
      let entryId: number;
      try {
        const files: NewEntryFile[] = [];
        for (const upload of uploads) {
          const file = await storeUpload(deps.dataDir, upload.file);
          stored.push(file);
          files.push({
            fieldId: upload.fieldId,
            originalName: upload.file.name,
            storedName: file.storedName,
            mimeType: upload.mimeType,
            size: upload.file.size,
          });
        }
        const outcome = await deps.db
          .transaction()
          .execute(async (tx): Promise<{ used: string } | { entryId: number }> => {
            for (const captcha of captchas) {
              if (!(await deps.repo.useChallenge(tx, captcha.signature, captcha.expiresAt)))
                return { used: captcha.name };
            }
            const entryId = await deps.repo.insertEntry(
              tx,
              {
                formId: form.id,
                answers,
                visitorId,
                pageUrl,
                startedAt: start === undefined ? undefined : new Date(start * 1000),
                endedAt,
                // A paying entry's notifications wait for its payment (payments/entry-status.ts).
                notificationStatus:
                  form.notifications.length === 0 ? 'none' : charge ? 'awaiting_payment' : 'queued',
                createdAt: now,
                ...(charge && {
                  payment: { status: 'pending' as const, submissionKey: charge.submissionKey },
                }),
              },
              files,
            );
            if (!charge) {
              for (const mail of await entryMails(
                form,
                { id: entryId, answers, pageUrl },
                deps.shopEmail,
              ))
                await queueMail(tx, mail);
            }
            return { entryId };
          })
          .catch(async (error: unknown) => {
            // Two sends of one paying submission at once: the other one stored its entry.
            const racing =
              charge &&
              (await deps.repo.payingEntry(deps.db, {
                formId: form.id,
                submissionKey: charge.submissionKey,
              }));
            if (!racing) throw error;
            await removeUploads(stored.splice(0));
            return { entryId: racing.id };
          });
        if ('used' in outcome) {
          await removeUploads(stored);
          return refuse(
            { header: messages.forms.errorHeader, recaptcha: settings.val_captcha_fail_msg },
            { [outcome.used]: settings.val_captcha_fail_msg },
          );
        }
        if (captchas.length > 0) await sweepChallenges(now);
        entryId = outcome.entryId;
      } catch (error) {
        await removeUploads(stored);
        throw error;
      }
      // The entry and its uploads are kept whatever the payment does: it may be tried again.
      return charge ? pay(entryId) : { kind: 'stored', form, entryId };
    },
  };
}

export type FormsOperations = ReturnType<typeof formsOperations>;

function isText(entry: PostedEntry): entry is [string, string] {
  return typeof entry[1] === 'string';
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The page the form was on, when it is a web address (an embed's host page, or ours). */
function validPageUrl(text: string | undefined): string {
  if (!text || text.length > 2000) return '';
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
