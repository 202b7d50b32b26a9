import { describe, expect, it } from 'vitest';
import { messages } from '../../platform/messages/index.ts';
import { formDefinitionSchema, type FormDefinitionInput } from '../definition.ts';
import { readFieldValues, type PostedEntry } from '../wire.ts';
import { judgePage, judgeSubmission } from './engine.ts';
import { pageAfter } from './pages.ts';
import { passwordScore } from './password-strength.ts';

const services = { passwordScore };
const m = messages.forms;
type FieldInput = FormDefinitionInput['fields'][number];

/** The errors one field gets for the posted entries (its id is 1). */
function errorsOf(field: Record<string, unknown>, entries: PostedEntry[], settings = {}) {
  const form = formDefinitionSchema.parse({
    id: 'test',
    title: 'Test',
    fields: [{ id: '1', label: 'Field', ...field } as FieldInput],
    settings,
  });
  return judgeSubmission(form, readFieldValues(form, entries), services);
}

const F = 'wpforms[fields][1]';
const at = (part: string) => `${F}[${part}]`;
const file = (name: string, size: number) => ({ name, size, type: '' });

describe('every rule of seed 002 §5, on the field that carries it', () => {
  it.each<[string, Record<string, unknown>, PostedEntry[], Record<string, string>]>([
    [
      'required text, empty',
      { type: 'text', required: true },
      [[F, '  ']],
      { [F]: m.val_required },
    ],
    ['optional text, empty', { type: 'text' }, [], {}],
    ['required text, filled', { type: 'text', required: true }, [[F, 'x']], {}],
    ['url, prefixed and valid', { type: 'url' }, [[F, 'example.com']], {}],
    ['url, invalid', { type: 'url' }, [[F, 'not a url']], { [F]: m.val_url }],
    ['email, valid', { type: 'email' }, [[F, 'ada@example.com']], {}],
    ['email, invalid', { type: 'email' }, [[F, 'ada@example']], { [F]: m.val_email }],
    [
      'email, denied',
      { type: 'email', filter_type: 'denylist', denylist: ['*@spam.test'] },
      [[F, 'x@spam.test']],
      { [F]: m.val_email_restricted },
    ],
    [
      'email, not on the allow list',
      { type: 'email', filter_type: 'allowlist', allowlist: ['*@example.com'] },
      [[F, 'x@other.test']],
      { [F]: m.val_email_restricted },
    ],
    [
      'email confirm, mismatch',
      { type: 'email', confirmation: true },
      [
        [at('primary'), 'a@example.com'],
        [at('secondary'), 'b@example.com'],
      ],
      { [at('secondary')]: m.val_confirm },
    ],
    [
      'email confirm, match',
      { type: 'email', confirmation: true, required: true },
      [
        [at('primary'), 'a@example.com'],
        [at('secondary'), 'a@example.com'],
      ],
      {},
    ],
    ['number, not one', { type: 'number' }, [[F, '1e3']], { [F]: m.val_number }],
    [
      'number, under min',
      { type: 'number', min: 2 },
      [[F, '1']],
      { [F]: 'Please enter a value greater than or equal to 2.' },
    ],
    [
      'number, over max',
      { type: 'number', max: 5 },
      [[F, '6']],
      { [F]: 'Please enter a value less than or equal to 5.' },
    ],
    [
      'number, off step',
      { type: 'number', min: 1, step: 2 },
      [[F, '4']],
      { [F]: 'Please enter a multiple of 2.' },
    ],
    ['number, on step', { type: 'number', min: 1, step: 2 }, [[F, '5']], {}],
    [
      'file, default extensions',
      { type: 'file-upload' },
      [['wpforms_test_1', file('a.PDF', 10)]],
      { wpforms_test_1: m.val_fileextension },
    ],
    [
      'file, png allowed by default',
      { type: 'file-upload' },
      [['wpforms_test_1', file('a.png', 10)]],
      {},
    ],
    [
      'file, own extensions',
      { type: 'file-upload', extensions: ['pdf'] },
      [['wpforms_test_1', file('a.pdf', 10)]],
      {},
    ],
    [
      'file, too large',
      { type: 'file-upload', max_size: 1 },
      [['wpforms_test_1', file('a.png', 1_048_577)]],
      { wpforms_test_1: m.val_filesize },
    ],
    [
      'file, required',
      { type: 'file-upload', required: true },
      [],
      { wpforms_test_1: m.val_required },
    ],
    [
      'payment, required amount 0',
      { type: 'payment-single', format: 'user', required: true },
      [[F, '0']],
      { [F]: m.val_requiredpayment },
    ],
    [
      'payment, not a positive number',
      { type: 'payment-single', format: 'user' },
      [[F, '-3']],
      { [F]: m.val_number_positive },
    ],
    [
      'payment, under the minimum price',
      { type: 'payment-single', format: 'user', min_price: 500 },
      [[F, '4.99']],
      { [F]: m.val_minimum_price },
    ],
    [
      'payment, amount fine',
      { type: 'payment-single', format: 'user', min_price: 500 },
      [[F, '1,000.00']],
      {},
    ],
    [
      'payment, required amount empty',
      { type: 'payment-single', format: 'user', required: true },
      [],
      { [F]: m.val_requiredpayment },
    ],
    [
      'payment, required amount above 0',
      { type: 'payment-single', format: 'user', required: true },
      [[F, '0.01']],
      {},
    ],
    [
      'payment, optional amount empty',
      { type: 'payment-single', format: 'user', min_price: 500 },
      [],
      {},
    ],
    [
      'payment, letters are no positive number',
      { type: 'payment-single', format: 'user' },
      [[F, '12abc']],
      { [F]: m.val_number_positive },
    ],
    [
      'payment, too many decimal places',
      { type: 'payment-single', format: 'user' },
      [[F, '1.234']],
      { [F]: m.val_number_positive },
    ],
    [
      'payment, the minimum price itself',
      { type: 'payment-single', format: 'user', min_price: 500 },
      [[F, '5']],
      {},
    ],
    [
      'payment, a fixed price needs nothing',
      { type: 'payment-single', price: 1000, required: true },
      [],
      {},
    ],
    [
      'payment items, required and none chosen',
      { type: 'payment-multiple', required: true, choices: [{ label: 'A', price: 100 }] },
      [],
      { [F]: m.val_required },
    ],
    [
      'payment items, a choice not offered',
      { type: 'payment-select', choices: [{ label: 'A', price: 100 }] },
      [[F, 'B']],
      { [F]: m.val_choice },
    ],
    [
      'payment checkboxes, a choice not offered',
      { type: 'payment-checkbox', choices: [{ label: 'A', price: 100 }] },
      [
        [`${F}[]`, 'A'],
        [`${F}[]`, 'Z'],
      ],
      { [`${F}[]`]: m.val_choice },
    ],
    [
      'payment items, a quantity beyond the most',
      { type: 'payment-multiple', quantity_max: 5, choices: [{ label: 'A', price: 100 }] },
      [
        [F, 'A'],
        ['wpforms[quantities][1]', '6'],
      ],
      { 'wpforms[quantities][1]': m.val_choice },
    ],
    [
      'payment items, a quantity that is no number',
      { type: 'payment-select', quantity_max: 5, choices: [{ label: 'A', price: 100 }] },
      [
        [F, 'A'],
        ['wpforms[quantities][1]', '-1'],
      ],
      { 'wpforms[quantities][1]': m.val_choice },
    ],
    [
      'payment items, quantity 0 is allowed',
      { type: 'payment-select', quantity_max: 5, choices: [{ label: 'A', price: 100 }] },
      [
        [F, 'A'],
        ['wpforms[quantities][1]', '0'],
      ],
      {},
    ],
    [
      'coupon, a code too long to be one',
      { type: 'payment-coupon' },
      [[F, 'X'.repeat(51)]],
      { [F]: m.val_choice },
    ],
    ['coupon, a code', { type: 'payment-coupon' }, [[F, 'SAVE10']], {}],
    [
      'time 12h, wrong format',
      { type: 'date-time', format: 'time' },
      [[F, '22:45']],
      { [F]: m.val_time12h },
    ],
    [
      'time 24h, wrong format',
      { type: 'date-time', format: 'time', time_format: 'H:i' },
      [[F, '8:45 AM']],
      { [F]: m.val_time24h },
    ],
    [
      'time limit, outside',
      {
        type: 'date-time',
        format: 'time',
        time_limit_enabled: true,
        time_min: '09:00',
        time_max: '17:00',
      },
      [[F, '6:00 PM']],
      { [F]: 'Please enter time between 9:00 AM and 5:00 PM.' },
    ],
    [
      'time limit, inside',
      { type: 'date-time', format: 'time', time_limit_enabled: true },
      [[F, '10:30 AM']],
      {},
    ],
    ['date, not a date', { type: 'date-time' }, [[F, '02/30/2027']], { [F]: m.val_date }],
    [
      'date, a limited weekday',
      { type: 'date-time', limit_days: ['mon'] },
      [[F, '01/05/2027']],
      { [F]: m.val_date_day },
    ],
    [
      'date, an allowed weekday',
      { type: 'date-time', limit_days: ['mon'] },
      [[F, '01/04/2027']],
      {},
    ],
    [
      'date dropdowns, judged as one group',
      { type: 'date-time', date_type: 'dropdown' },
      [
        [at('m'), '2'],
        [at('d'), '30'],
        [at('y'), '2027'],
      ],
      { [at('m')]: m.val_date },
    ],
    [
      'date and time together',
      { type: 'date-time', format: 'date-time', required: true },
      [[at('date'), '01/04/2027']],
      { [at('time')]: m.val_required },
    ],
    [
      'check limit',
      { type: 'checkbox', choice_limit: 1, choices: [{ label: 'A' }, { label: 'B' }] },
      [
        [`${F}[]`, 'A'],
        [`${F}[]`, 'B'],
      ],
      { [`${F}[]`]: 'You have exceeded the number of allowed selections: 1.' },
    ],
    [
      'choice limit of a multiple select',
      {
        type: 'select',
        multiple: true,
        choice_limit: 2,
        choices: [{ label: 'A' }, { label: 'B' }, { label: 'C' }],
      },
      [
        [`${F}[]`, 'A'],
        [`${F}[]`, 'B'],
        [`${F}[]`, 'C'],
      ],
      { [`${F}[]`]: 'You have exceeded the number of allowed selections: 2.' },
    ],
    [
      'a choice that was not offered',
      { type: 'radio', choices: [{ label: 'A' }] },
      [[F, 'Z']],
      { [F]: m.val_choice },
    ],
    [
      'input mask incomplete',
      { type: 'text', input_mask: '99-99' },
      [[F, '12-3']],
      { [F]: m.val_inputmask_incomplete },
    ],
    ['input mask complete', { type: 'text', input_mask: '99-99' }, [[F, '12-34']], {}],
    [
      'us phone incomplete',
      { type: 'phone', format: 'us' },
      [[F, '(555) 123-45']],
      { [F]: m.val_inputmask_incomplete },
    ],
    ['phone not a number', { type: 'phone' }, [[F, 'abc']], { [F]: m.val_phone }],
    [
      'weak password',
      { type: 'password', strength_min: 3 },
      [[F, 'password1']],
      { [F]: m.val_password_strength },
    ],
    [
      'strong password',
      { type: 'password', strength_min: 3 },
      [[F, 'correct horse battery staple']],
      {},
    ],
    [
      'password confirm',
      { type: 'password', confirmation: true },
      [
        [at('primary'), 'abc'],
        [at('secondary'), 'abd'],
      ],
      { [at('secondary')]: m.val_confirm },
    ],
    ['captcha missing', { type: 'captcha' }, [], { [F]: m.val_captcha_fail_msg }],
    ['captcha present', { type: 'captcha' }, [[F, 'eyJhIjoxfQ==']], {}],
    [
      'character limit',
      { type: 'textarea', limit_enabled: true, limit_count: 5 },
      [[F, '123456']],
      { [F]: 'Please enter no more than 5 characters.' },
    ],
    [
      'character limit, CRLF counted as one',
      { type: 'textarea', limit_enabled: true, limit_count: 3 },
      [[F, 'a\r\nb']],
      {},
    ],
    [
      'word limit',
      { type: 'textarea', limit_enabled: true, limit_mode: 'words', limit_count: 2 },
      [[F, 'one two three']],
      { [F]: 'Please enter no more than 2 words.' },
    ],
    [
      'name parts required',
      { type: 'name', format: 'first-last', required: true },
      [[at('first'), 'Ada']],
      { [at('last')]: m.val_required },
    ],
    ['rating out of scale', { type: 'rating' }, [[F, '6']], { [F]: m.val_choice }],
  ])('%s', (_name, field, entries, errors) => {
    expect(errorsOf(field, entries).fields).toEqual(errors);
  });

  it('reads a user-entered amount in the form’s currency (minimum price, comma decimals)', () => {
    const euro = { currency_decimal: ',', currency_thousands: '.', currency_symbol: '€' };
    const field = { type: 'payment-single', format: 'user', min_price: 150000 };
    expect(errorsOf(field, [[F, '1.499,99']], euro).fields).toEqual({ [F]: m.val_minimum_price });
    expect(errorsOf(field, [[F, '1.500,00']], euro).fields).toEqual({});
    expect(errorsOf(field, [[F, '1,500.00']], euro).fields).toEqual({ [F]: m.val_number_positive });
  });

  it('asks a required total for items above 0 (required-payment), counting shown fields only', () => {
    const form = formDefinitionSchema.parse({
      id: 'test',
      title: 'Test',
      fields: [
        { id: '1', type: 'checkbox', label: 'Extras', choices: [{ label: 'Tip' }] },
        {
          id: '2',
          type: 'payment-single',
          label: 'Tip',
          price: 500,
          conditional: { action: 'show', groups: [[{ field: '1', operator: '==', value: 'Tip' }]] },
        },
        { id: '3', type: 'payment-total', label: 'Total', required: true },
      ],
    });
    const judge = (entries: PostedEntry[]) =>
      judgeSubmission(form, readFieldValues(form, entries), services).fields;
    expect(judge([])).toEqual({ 'wpforms[fields][3]': m.val_requiredpayment });
    expect(judge([['wpforms[fields][1][]', 'Tip']])).toEqual({});
  });

  it('takes its texts from the form settings', () => {
    const verdict = errorsOf({ type: 'text', required: true }, [], { val_required: 'Fill me in.' });
    expect(verdict.fields).toEqual({ [F]: 'Fill me in.' });
  });

  it('refuses chosen files larger together than post_max_size, in MB to 3 decimals', () => {
    const verdict = errorsOf(
      { type: 'file-upload', max_file_number: 2 },
      [
        ['wpforms_test_1', file('a.png', 600_000)],
        ['wpforms_test_1', file('b.png', 600_000)],
      ],
      { post_max_size: 1_048_576 },
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.general).toBe(
      'The total size of the selected files 1.144 MB exceeds the allowed limit 1.000 MB.',
    );
  });

  it('frees the state of an address in a country without states (seed 002 §4)', () => {
    const field = { type: 'address', required: true };
    const filled: PostedEntry[] = [
      [at('address1'), '1 Road'],
      [at('city'), 'Town'],
      [at('postal'), '123'],
    ];
    expect(errorsOf(field, [...filled, [at('country'), 'US']]).fields).toEqual({
      [at('state')]: m.val_required,
    });
    const settings = { address_field: { list_countries_without_states: ['SG'] } };
    expect(errorsOf(field, [...filled, [at('country'), 'SG']], settings).fields).toEqual({});
  });
});

const logicForm = formDefinitionSchema.parse({
  id: 'logic',
  title: 'Logic',
  fields: [
    { id: '1', type: 'radio', label: 'Kind', choices: [{ label: 'A' }, { label: 'B' }] },
    {
      id: '2',
      type: 'text',
      label: 'Only for B',
      required: true,
      conditional: { action: 'show', groups: [[{ field: '1', operator: '==', value: 'b' }]] },
    },
    { id: '10', type: 'pagebreak' },
    {
      id: '3',
      type: 'text',
      label: 'Hidden for A',
      required: true,
      conditional: { action: 'hide', groups: [[{ field: '1', operator: '==', value: 'A' }]] },
    },
    { id: '4', type: 'hidden', default_value: 'x' },
    { id: '11', type: 'pagebreak' },
    {
      id: '5',
      type: 'text',
      label: 'Shown while 2 says yes',
      required: true,
      conditional: { action: 'show', groups: [[{ field: '2', operator: 'c', value: 'yes' }]] },
    },
  ],
});

describe('conditional logic', () => {
  const values = (entries: PostedEntry[]) => readFieldValues(logicForm, entries);
  it('does not judge hidden fields, and hides whole chains', () => {
    const a = judgeSubmission(
      logicForm,
      values([
        ['wpforms[fields][1]', 'A'],
        ['wpforms[fields][2]', 'yes'],
      ]),
      services,
    );
    expect(a.valid).toBe(true);
    expect([...a.visible]).toEqual(['1', '10', '4', '11']);
    const b = judgeSubmission(
      logicForm,
      values([
        ['wpforms[fields][1]', 'B'],
        ['wpforms[fields][2]', 'Yes please'],
      ]),
      services,
    );
    expect(Object.keys(b.fields)).toEqual(['wpforms[fields][3]', 'wpforms[fields][5]']);
  });

  it('skips a page whose fields are all hidden, both ways, but never the last', () => {
    const a = values([['wpforms[fields][1]', 'A']]);
    expect(pageAfter(logicForm, a, 0, 1)).toBe(2);
    expect(pageAfter(logicForm, a, 2, -1)).toBe(0);
    const b = values([['wpforms[fields][1]', 'B']]);
    expect(pageAfter(logicForm, b, 0, 1)).toBe(1);
    expect(pageAfter(logicForm, b, 1, 1)).toBe(2); // page 3's only field is hidden: still shown
  });

  it('checks one page on Next', () => {
    const b = values([['wpforms[fields][1]', 'B']]);
    expect(judgePage(logicForm, 0, b, services)).toEqual({ 'wpforms[fields][2]': m.val_required });
    expect(judgePage(logicForm, 1, b, services)).toEqual({ 'wpforms[fields][3]': m.val_required });
  });
});
