import {
  ALTCHA_SWEEP_MS,
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
import { fieldById, isInputField, type FormDefinition } from './definition.ts';
import type { FormsRepo, NewEntryFile } from './forms.repo.ts';
import { entryMails } from './entry-mails.tsx';
import { queueMail } from '../platform/mail/mail.ts';
import { judgeSubmission } from './rules/engine.ts';
import { isEmailAllowed } from './rules/field-rules.ts';
import { passwordScore } from './rules/password-strength.ts';
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
}

export type SubmitResult =
  | { kind: 'stored'; form: FormDefinition; entryId: number }
  | {
      kind: 'refused';
      form: FormDefinition;
      fields: Record<string, string>;
      general: GeneralErrors;
    }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; retryAfterMs: number };

const services = { passwordScore };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function formsOperations(deps: FormsDeps) {
  const submitLimiter = rateLimiter(deps.db, 'form_submit');
  const emailLimiter = rateLimiter(deps.db, 'form_email_check');
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
      const judged = judgeSubmission(form, values, services);
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

      const stored: StoredFile[] = [];
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
                endedAt: new Date((end ?? seconds(now)) * 1000),
                notificationStatus: form.notifications.length === 0 ? 'none' : 'queued',
                createdAt: now,
              },
              files,
            );
            for (const mail of await entryMails(
              form,
              { id: entryId, answers, pageUrl },
              deps.shopEmail,
            ))
              await queueMail(tx, mail);
            return { entryId };
          });
        if ('used' in outcome) {
          await removeUploads(stored);
          return refuse(
            { header: messages.forms.errorHeader, recaptcha: settings.val_captcha_fail_msg },
            { [outcome.used]: settings.val_captcha_fail_msg },
          );
        }
        if (captchas.length > 0) await sweepChallenges(now);
        return { kind: 'stored', form, entryId: outcome.entryId };
      } catch (error) {
        await removeUploads(stored);
        throw error;
      }
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
