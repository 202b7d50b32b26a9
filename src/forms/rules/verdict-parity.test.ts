import Fastify from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMultipartBodies, uploadedFiles } from '../../platform/http/multipart.ts';
import { parseInput } from '../../platform/http/validation.ts';
import { formDefinitionSchema } from '../definition.ts';
import { submitBodySchema, textEntries } from '../schemas.ts';
import { readFieldValues, type PostedEntry } from '../wire.ts';
import { judgeSubmission, type Verdict } from './engine.ts';
import { passwordScore } from './password-strength.ts';

/**
 * Issue 12's acceptance: for any submission, the browser's verdict (the engine over the values
 * as the renderer's form collects them) and the server's (the engine over the multipart body the
 * browser would send, parsed by the server's own reader) are the same, conditional visibility
 * included.
 */
const RUNS = 10_000;
/** Both sides score with the one scorer; remembered here, as it is the slowest rule. */
const scores = new Map<string, number>();
const services = {
  passwordScore: (password: string) => {
    if (!scores.has(password)) scores.set(password, passwordScore(password));
    return scores.get(password)!;
  },
};

const when = (field: string, operator: string, value = '') => ({
  action: 'show',
  groups: [[{ field, operator, value }]],
});

const form = formDefinitionSchema.parse({
  id: 'parity',
  title: 'Parity',
  settings: { post_max_size: 4096 },
  fields: [
    {
      id: '1',
      type: 'radio',
      label: 'Kind',
      choices: [{ label: 'A' }, { label: 'B' }, { label: 'C' }],
    },
    {
      id: '2',
      type: 'text',
      label: 'Text',
      required: true,
      limit_enabled: true,
      limit_count: 8,
      conditional: when('1', '==', 'a'),
    },
    {
      id: '3',
      type: 'textarea',
      label: 'Words',
      limit_enabled: true,
      limit_mode: 'words',
      limit_count: 3,
    },
    {
      id: '4',
      type: 'email',
      label: 'Email',
      required: true,
      filter_type: 'denylist',
      denylist: ['*@spam.test'],
    },
    {
      id: '5',
      type: 'email',
      label: 'Confirm',
      confirmation: true,
      conditional: when('4', 'c', 'example'),
    },
    { id: '6', type: 'number', label: 'Number', min: 1, max: 10, step: 0.5 },
    { id: '7', type: 'url', label: 'URL', conditional: when('6', '>', '3') },
    {
      id: '8',
      type: 'checkbox',
      label: 'Boxes',
      choice_limit: 2,
      choices: [{ label: 'x' }, { label: 'y' }, { label: 'z' }],
    },
    {
      id: '9',
      type: 'select',
      label: 'Many',
      multiple: true,
      choices: [{ label: 'p' }, { label: 'q' }],
      conditional: when('8', '==', 'y'),
    },
    {
      id: '10',
      type: 'name',
      label: 'Name',
      format: 'first-last',
      required: true,
      conditional: when('9', '!e'),
    },
    {
      id: '11',
      type: 'date-time',
      label: 'When',
      format: 'date-time',
      time_format: 'H:i',
      limit_days: ['mon', 'tue'],
      time_limit_enabled: true,
      time_min: '22:00',
      time_max: '02:00',
    },
    { id: '12', type: 'text', label: 'Mask', input_mask: '99-aa' },
    {
      id: '13',
      type: 'file-upload',
      label: 'Files',
      max_file_number: 2,
      max_size: 0.002,
      extensions: ['png', 'txt'],
    },
    { id: '14', type: 'phone', label: 'Phone', format: 'us', conditional: when('1', '!=', 'b') },
    { id: '15', type: 'rating', label: 'Rating' },
    {
      id: '16',
      type: 'payment-single',
      label: 'Amount',
      format: 'user',
      min_price: 150,
      required: true,
      conditional: when('1', '==', 'c'),
    },
    { id: '17', type: 'password', label: 'Password', strength_min: 2 },
  ],
});

const F = (id: string, part?: string) =>
  part === undefined ? `wpforms[fields][${id}]` : `wpforms[fields][${id}][${part}]`;

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'a',
      'b',
      'C',
      'A',
      'x',
      'y',
      'z',
      'p',
      'q',
      '0',
      '1',
      '2.5',
      '3',
      '4',
      '10',
      '11',
      '-1',
      '1e3',
      'ada@example.com',
      'ada@spam.test',
      'x@y.co',
      'bad@',
      '  ada@example.com ',
      'example.com',
      'http://a.b',
      'one two',
      'one\ntwo three',
      'a\r\nb\r\nc d',
      'four five six seven',
      '12-ab',
      '12-a1',
      '(555) 123-4567',
      '01/04/2027',
      '01/05/2027',
      '02/30/2027',
      '23:15',
      '12:00',
      '1:30',
      '5',
      '6',
      '1.50',
      '1,000.00',
      '0',
      'correct horse battery',
      'password',
      '😀😀😀😀😀😀😀😀😀',
      'éé',
      '\t',
    ),
  },
);

const entry = (name: string) => fc.tuple(fc.constant(name), text);
const fileEntry = fc.record({
  name: fc.constantFrom('a.png', 'b.txt', 'c.gif', 'noext', 'd.PNG'),
  size: fc.integer({ min: 0, max: 3000 }),
});

const entries = (maxLength: number) =>
  fc.array(
    fc.oneof(
      ...['1', '2', '3', '4', '6', '7', '12', '14', '15', '16', '17'].map((id) => entry(F(id))),
      ...['5'].flatMap((id) => [entry(F(id, 'primary')), entry(F(id, 'secondary'))]),
      entry(F('8', '')),
      entry(F('9', '')),
      entry(F('10', 'first')),
      entry(F('10', 'last')),
      entry(F('11', 'date')),
      entry(F('11', 'time')),
    ),
    { maxLength },
  );

const submission = fc
  .oneof(
    fc.tuple(entries(24), fc.array(fileEntry, { maxLength: 3 })),
    // The one required answer given rightly, then a few more: accepted submissions are common,
    // not a lucky few in ten thousand.
    fc
      .tuple(entries(6), fc.array(fileEntry, { maxLength: 1 }))
      .map(([fields, files]) => [[[F('4'), 'x@y.co'], ...fields], files] as const),
  )
  .map(([fields, files]) => ({ fields: fields as [string, string][], files }));

/** The browser's verdict: its form's entries as they are, files as `File` objects see them. */
function browserVerdict(
  fields: [string, string][],
  files: { name: string; size: number }[],
): Verdict {
  const entries: PostedEntry[] = [
    ...fields,
    ...files.map((file): PostedEntry => [
      'wpforms_parity_13',
      { name: file.name, size: file.size, type: '' },
    ]),
  ];
  return judgeSubmission(form, readFieldValues(form, entries), services);
}

/** The multipart body a browser sends for those entries (line breaks as CRLF, per the HTML spec). */
function multipartBody(fields: [string, string][], files: { name: string; size: number }[]) {
  const boundary = '----parity7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  const head = (disposition: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n`);
  for (const [name, value] of [['wpforms[id]', 'parity'], ...fields] as [string, string][]) {
    parts.push(
      head(`name="${name}"`),
      Buffer.from(`\r\n${value.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      head(`name="wpforms_parity_13"; filename="${file.name}"`),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      Buffer.alloc(file.size, 0x61),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('the browser and the server judge every submission alike', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerMultipartBodies(app, {
      totalBytes: 1_048_576,
      fileBytes: 65_536,
      files: 10,
      fields: 100,
      fieldBytes: 10_000,
    });
    // The server's path: the shop's multipart reader, the submit call's schema, the engine.
    app.post('/submit', async (request) => {
      const body = parseInput(submitBodySchema, request.body);
      const files = uploadedFiles(request);
      const entries: PostedEntry[] = [
        ...textEntries(body),
        ...files.map((f): PostedEntry => [f.field, f]),
      ];
      const verdict = judgeSubmission(form, readFieldValues(form, entries), services);
      return { ...verdict, visible: [...verdict.visible] };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it(`for ${RUNS} generated submissions`, async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(submission, async ({ fields, files }) => {
        const browser = browserVerdict(fields, files);
        const { payload, contentType } = multipartBody(fields, files);
        const response = await app.inject({
          method: 'POST',
          url: '/submit',
          payload,
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode).toBe(200);
        const server = response.json() as Omit<Verdict, 'visible'> & { visible: string[] };
        expect(server).toEqual({
          ...browser,
          general: browser.general ?? undefined,
          visible: [...browser.visible],
        });
        if (!browser.valid) refused += 1;
      }),
      { numRuns: RUNS },
    );
    // Both verdicts occur: the generator reaches accepted and refused submissions alike.
    expect(refused).toBeGreaterThan(RUNS / 10);
    expect(RUNS - refused).toBeGreaterThan(RUNS / 20);
  }, 300_000);
});
