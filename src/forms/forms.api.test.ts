import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORM_SUBMIT_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { formToken } from './anti-spam.ts';
import { formDefinitionSchema } from './definition.ts';
import { formsRepo } from './forms.repo.ts';
import type { SubmitAnswer } from './submit-answer.ts';
import { UPLOADS_FOLDER } from './uploads.ts';

const VISITOR = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const testForm = formDefinitionSchema.parse({
  id: 'api-test',
  title: 'API test',
  fields: [
    { id: '1', type: 'text', label: 'Name', required: true },
    {
      id: '2',
      type: 'email',
      label: 'Email',
      filter_type: 'denylist',
      denylist: ['*@spam.test'],
    },
    { id: '3', type: 'file-upload', label: 'Picture', max_size: 1 },
    { id: '4', type: 'captcha', label: 'Check', max_number: 2000 },
  ],
  settings: { minimum_seconds: 3 },
});

describe.each(databaseKinds)('the form builder calls on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
    await formsRepo(t.shop.db).save(testForm);
    await formsRepo(t.shop.db).save(
      formDefinitionSchema.parse({
        id: 'api-captcha-easy',
        title: 'An easier captcha',
        fields: [{ id: '1', type: 'captcha', label: 'Check', max_number: 100 }],
      }),
    );
  });
  afterAll(() => t.close());
  // Every test submits from 127.0.0.1: each starts with a fresh per-IP count.
  afterEach(() => t.shop.db.deleteFrom('rate_limits').execute());

  const now = () => Math.floor(Date.now() / 1000);

  async function post(
    fields: Record<string, string>,
    files: [string, Blob, string][] = [],
    cookie?: string,
  ) {
    const body = new FormData();
    body.set('action', 'wpforms_submit');
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const [name, blob, fileName] of files) body.append(name, blob, fileName);
    const response = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body,
      headers: { origin: 'https://host.example', ...(cookie && { cookie }) },
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as SubmitAnswer & { code?: string },
    };
  }

  async function token(formId: string): Promise<string> {
    const response = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'wpforms_get_token', formId }),
      headers: { origin: 'https://host.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as { success: boolean; data: { token: string } };
    expect(answer.success).toBe(true);
    return answer.data.token;
  }

  async function contactFields(overrides: Record<string, string> = {}) {
    return {
      'wpforms[id]': 'contact',
      'wpforms[fields][1]': 'Ada Lovelace',
      'wpforms[fields][2]': 'ada@example.com',
      'wpforms[fields][3]': 'Hello,\r\nI have a question.',
      'wpforms[hp]': '',
      'wpforms[token]': await token('contact'),
      start_timestamp: String(now() - 20),
      end_timestamp: String(now()),
      page_url: 'https://host.example/contact-us/',
      ...overrides,
    };
  }

  const entries = (formId: string) => formsRepo(t.shop.db).entries(formId);

  it('stores a good submission with its answers, timestamps, visitor id and page, and answers as seed 002 §7', async () => {
    const before = (await entries('contact')).length;
    const { status, body, headers } = await post(await contactFields(), [], `_wpfuuid=${VISITOR}`);
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body).toEqual({
      success: true,
      data: {
        action_required: false,
        redirect_url: '',
        new_tab: false,
        confirmation: '<p>Thanks for contacting us! We will be in touch with you shortly.</p>',
        errors: {
          general: { header: '', header_styled: '', footer: '', footer_styled: '', recaptcha: '' },
          field: {},
        },
      },
    });
    const stored = await entries('contact');
    expect(stored).toHaveLength(before + 1);
    expect(stored[0]).toMatchObject({
      answers: { '1': 'Ada Lovelace', '2': 'ada@example.com', '3': 'Hello,\nI have a question.' },
      visitorId: VISITOR,
      pageUrl: 'https://host.example/contact-us/',
      notificationStatus: 'queued',
    });
    expect(stored[0]!.startedAt).not.toBeNull();
    // Its notification went into the mail queue with it, to the shop, replying to the visitor.
    const mail = await t.shop.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('mail_key', '=', `form-entry:${stored[0]!.id}:notification-0-0`)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: t.shop.config.mail.shopEmail,
      reply_to: 'ada@example.com',
      subject: 'New message from the contact form',
    });
    expect(mail.text_body).toContain('I have a question.');
    expect(mail.text_body).toContain('Ada Lovelace');
  });

  it('refuses invalid fields by input name and stores nothing', async () => {
    const before = (await entries('contact')).length;
    const { status, body } = await post(
      await contactFields({
        'wpforms[fields][1]': '',
        'wpforms[fields][2]': 'ada@example',
        'wpforms[fields][3]': 'x'.repeat(201),
      }),
    );
    expect(status).toBe(200);
    expect(body.success).toBe(false);
    expect(body.data.errors.field).toEqual({
      'wpforms[fields][1]': messages.forms.val_required,
      'wpforms[fields][2]': messages.forms.val_email,
      'wpforms[fields][3]': 'Please enter no more than 200 characters.',
    });
    expect(body.data.errors.general.header).toBe(messages.forms.errorHeader);
    expect(body.data.errors.general.header_styled).toContain('role="alert"');
    expect(await entries('contact')).toHaveLength(before);
  });

  it.each([
    ['a filled honeypot', { 'wpforms[hp]': 'I am a bot' }, messages.forms.honeypotFailed],
    [
      'a submission under 3 seconds',
      { start_timestamp: String(now() - 1), end_timestamp: String(now()) },
      messages.forms.tooFast,
    ],
    ['no start timestamp', { start_timestamp: '' }, messages.forms.tooFast],
    ['no token', { 'wpforms[token]': '' }, messages.forms.tokenInvalid],
    [
      'a forged token',
      { 'wpforms[token]': `${now()}.${'A'.repeat(43)}` },
      messages.forms.tokenInvalid,
    ],
  ])('refuses %s and stores nothing', async (_name, overrides, footer) => {
    const before = (await entries('contact')).length;
    const { body } = await post(await contactFields(overrides));
    expect(body.success).toBe(false);
    expect(body.data.errors.general.footer).toBe(footer);
    expect(await entries('contact')).toHaveLength(before);
  });

  it('takes a token only for its form and only for token_cache_lifetime', async () => {
    const lifetime = 86_400;
    const stale = formToken(t.shop.secret, 'contact', now() - lifetime - 5);
    const { body: old } = await post(await contactFields({ 'wpforms[token]': stale }));
    expect(old.data.errors.general.footer).toBe(messages.forms.tokenInvalid);
    const { body: other } = await post(
      await contactFields({ 'wpforms[token]': await token('order') }),
    );
    expect(other.data.errors.general.footer).toBe(messages.forms.tokenInvalid);
    const fresh = formToken(t.shop.secret, 'contact', now() - lifetime + 60);
    expect((await post(await contactFields({ 'wpforms[token]': fresh }))).body.success).toBe(true);
  });

  it('answers restricted e-mail checks from the field lists', async () => {
    const check = async (email: string) => {
      const response = await fetch(`${t.url}/admin-ajax`, {
        method: 'POST',
        body: new URLSearchParams({
          action: 'wpforms_restricted_email',
          form_id: 'api-test',
          field_id: '2',
          email,
        }),
      });
      return response.json();
    };
    expect(await check('ada@example.com')).toEqual({ success: true, data: true });
    expect(await check('bot@SPAM.test')).toEqual({ success: true, data: false });
    const unknown = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body: new URLSearchParams({
        action: 'wpforms_restricted_email',
        form_id: 'api-test',
        field_id: '1',
        email: 'a@b.cd',
      }),
    });
    expect(unknown.status).toBe(404);
  });

  it('lets a host page read the refusal of a wrong-typed call too', async () => {
    const wrongType = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body: JSON.stringify({ action: 'wpforms_get_token', formId: 7 }),
      headers: { 'content-type': 'application/json', origin: 'https://host.example' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.headers.get('access-control-allow-origin')).toBe('*');
  });

  async function solvedCaptcha(form = 'api-test', field = '4'): Promise<string> {
    const url = `${t.url}/forms/altcha-challenge?form=${form}&field=${field}`;
    const challenge = (await (await fetch(url)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function apiTestFields(overrides: Record<string, string> = {}) {
    return {
      'wpforms[id]': 'api-test',
      'wpforms[fields][1]': 'Ada',
      'wpforms[token]': await token('api-test'),
      start_timestamp: String(now() - 20),
      end_timestamp: String(now()),
      ...overrides,
    };
  }

  it('verifies an ALTCHA proof of work once, and stores a PNG upload checked by content outside the web root', async () => {
    const captcha = await solvedCaptcha();
    const png = new Blob([PNG], { type: 'image/png' });
    const first = await post(await apiTestFields({ 'wpforms[fields][4]': captcha }), [
      ['wpforms_api-test_3', png, 'me.png'],
    ]);
    expect(first.body.data.errors.field).toEqual({});
    expect(first.body.success).toBe(true);
    const [entry] = await entries('api-test');
    expect(entry!.answers['3']).toEqual(['me.png']);
    const file = entry!.files[0]!;
    expect(file).toMatchObject({
      fieldId: '3',
      originalName: 'me.png',
      mimeType: 'image/png',
      size: PNG.length,
    });
    expect(file.storedName).toMatch(/^[0-9a-f-]{36}\.png$/);
    const saved = await readFile(path.join(t.shop.config.dataDir, UPLOADS_FOLDER, file.storedName));
    expect(saved.equals(PNG)).toBe(true);

    const replay = await post(await apiTestFields({ 'wpforms[fields][4]': captcha }));
    expect(replay.body.success).toBe(false);
    expect(replay.body.data.errors.field).toEqual({
      'wpforms[fields][4]': messages.forms.val_captcha_fail_msg,
    });
    expect(replay.body.data.errors.general.recaptcha).toBe(messages.forms.val_captcha_fail_msg);
  });

  it.each([
    [
      'a forged proof',
      () =>
        Buffer.from(
          JSON.stringify({
            challenge: { parameters: {}, signature: 'x' },
            solution: { counter: 1, derivedKey: 'ab' },
          }),
        ).toString('base64'),
    ],
    ['no proof', () => ''],
    ["another form's captcha challenge", () => solvedCaptcha('api-captcha-easy', '1')],
  ])('refuses %s', async (_name, payload) => {
    const before = (await entries('api-test')).length;
    const { body } = await post(await apiTestFields({ 'wpforms[fields][4]': await payload() }));
    expect(body.data.errors.field['wpforms[fields][4]']).toBe(messages.forms.val_captcha_fail_msg);
    expect(await entries('api-test')).toHaveLength(before);
  });

  it('gives a challenge only for a captcha field, as hard as the field asks', async () => {
    const url = (query: string) => `${t.url}/forms/altcha-challenge?${query}`;
    expect((await fetch(url('form=api-test&field=1'))).status).toBe(404);
    expect((await fetch(url('form=nope&field=4'))).status).toBe(404);
    expect((await fetch(url('form=api-test'))).status).toBe(400);
    const challenge = (await (await fetch(url('form=api-test&field=4'))).json()) as Challenge;
    expect(challenge.parameters.data).toEqual({ form: 'api-test', field: '4' });
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeLessThan(2000);
  });

  it.each([
    [
      'text named .png',
      Buffer.from('not a picture at all'),
      'fake.png',
      messages.forms.val_file_content,
    ],
    ['a PNG named .gif', PNG, 'liar.gif', messages.forms.val_file_content],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'doc.pdf', messages.forms.val_fileextension],
    [
      'a file over the field size',
      Buffer.concat([PNG, Buffer.alloc(1_048_577)]),
      'big.png',
      messages.forms.val_filesize,
    ],
  ])('refuses %s and keeps no file', async (_name, bytes, fileName, message) => {
    const before = (await entries('api-test')).length;
    const { body } = await post(
      await apiTestFields({ 'wpforms[fields][4]': await solvedCaptcha() }),
      [['wpforms_api-test_3', new Blob([bytes]), fileName]],
    );
    expect(body.data.errors.field).toEqual({ 'wpforms_api-test_3': message });
    expect(await entries('api-test')).toHaveLength(before);
  });

  it('limits submissions per IP address with 429', async () => {
    const fields = await contactFields({ 'wpforms[fields][1]': '' });
    for (let i = 0; i < FORM_SUBMIT_RATE_LIMIT.perIp.max; i += 1)
      expect((await post(fields)).status).toBe(200);
    const refused = await post(fields);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(refused.body.code).toBe('rate_limited');
  });

  it('answers 4xx, never 5xx, to broken multipart bodies and oversize ones', async () => {
    const broken = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="action"\r\n\r\nwpforms_submit\r\n--x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    const big = new FormData();
    big.set('action', 'wpforms_submit');
    big.set('wpforms[id]', 'contact');
    big.append('wpforms_contact_1', new Blob([Buffer.alloc(9 * 1_048_576)]), 'big.png');
    const tooLarge = await fetch(`${t.url}/admin-ajax`, { method: 'POST', body: big });
    expect(tooLarge.status).toBe(413);
    const unknownForm = await post({ 'wpforms[id]': 'nope' });
    expect(unknownForm.status).toBe(404);
  });
});
