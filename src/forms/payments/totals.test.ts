import { describe, expect, it } from 'vitest';
import { formDefinitionSchema, type FormDefinitionInput } from '../definition.ts';
import { visibleFieldIds } from '../rules/conditions.ts';
import { readFieldValues, type PostedEntry } from '../wire.ts';
import {
  inBatches,
  orderSummary,
  paymentTotals,
  priceColumnWidth,
  shouldRecalculate,
  withTotalOverride,
  type FormCoupon,
} from './totals.ts';

/**
 * The demo order form's payment page, in small: every payment field kind, quantities, a field
 * conditional logic hides and shows, and a total with its summary.
 */
const form = formDefinitionSchema.parse({
  id: 'pay',
  title: 'Pay',
  fields: [
    { id: '1', type: 'payment-single', label: 'Fitting', price: 1500, quantity_max: 3 },
    { id: '2', type: 'payment-single', label: 'Tip', format: 'user' },
    { id: '3', type: 'payment-single', label: 'Service', format: 'hidden', price: 250 },
    {
      id: '4',
      type: 'payment-multiple',
      label: 'Fabric',
      quantity_max: 10,
      choices: [
        { label: 'Cotton', price: 4500 },
        { label: 'Linen', price: 4500 },
        { label: 'Silk', price: 9000 },
      ],
    },
    {
      id: '5',
      type: 'payment-checkbox',
      label: 'Extras',
      choices: [
        { label: 'Gift wrap', value: 'wrap', price: 300 },
        { label: 'Spare buttons', value: 'buttons', price: 200 },
      ],
    },
    {
      id: '6',
      type: 'payment-select',
      label: 'Delivery',
      choices: [
        { label: 'Standard', price: 500 },
        { label: 'Express', price: 1500 },
      ],
    },
    { id: '7', type: 'checkbox', label: 'Engraving?', choices: [{ label: 'Yes' }] },
    {
      id: '8',
      type: 'payment-single',
      label: 'Engraving',
      price: 800,
      conditional: { action: 'show', groups: [[{ field: '7', operator: '==', value: 'Yes' }]] },
    },
    { id: '9', type: 'payment-total', label: 'Total', summary: true },
  ],
} satisfies FormDefinitionInput);

const q = (id: string) => `wpforms[quantities][${id}]`;
const f = (id: string) => `wpforms[fields][${id}]`;
const list = (id: string) => `wpforms[fields][${id}][]`;
/** Nothing chosen yet: the fitting (quantity 1) and the hidden service fee. */
const BASE = 1500 + 250;

function totalsOf(entries: PostedEntry[], coupon?: FormCoupon) {
  const values = readFieldValues(form, entries);
  return paymentTotals(form, values, visibleFieldIds(form, values), coupon);
}

function summaryOf(entries: PostedEntry[], coupon?: FormCoupon) {
  const values = readFieldValues(form, entries);
  return orderSummary(form, values, visibleFieldIds(form, values), coupon);
}

const save10: FormCoupon = {
  code: 'SAVE10',
  discountType: 'percent',
  amount: 10,
  minimumSpend: null,
};
const flat5: FormCoupon = {
  code: 'FLAT5',
  discountType: 'fixed_cart',
  amount: 500,
  minimumSpend: null,
};

describe('the running total of a form’s payment fields', () => {
  it.each<[string, PostedEntry[], number]>([
    ['fixed single item, quantity 1 by default, and the hidden-format item', [], BASE],
    ['fixed single item, quantity 3', [[q('1'), '3']], BASE + 3000],
    ['fixed single item, quantity 0 charges nothing', [[q('1'), '0']], 250],
    ['user-entered amount', [[f('2'), '12.50']], BASE + 1250],
    ['user-entered amount with a thousands mark', [[f('2'), '1,000']], BASE + 100_000],
    ['user-entered amount that is no amount counts nothing', [[f('2'), '12abc']], BASE],
    ['multiple items (radio)', [[f('4'), 'Silk']], BASE + 9000],
    [
      'multiple items with quantity 2',
      [
        [f('4'), 'Linen'],
        [q('4'), '2'],
      ],
      BASE + 9000,
    ],
    [
      'checkbox items, both ticked',
      [
        [list('5'), 'wrap'],
        [list('5'), 'buttons'],
      ],
      BASE + 500,
    ],
    ['checkbox items, one ticked', [[list('5'), 'buttons']], BASE + 200],
    ['dropdown items', [[f('6'), 'Express']], BASE + 1500],
    ['a choice nobody offered counts nothing', [[f('6'), 'Teleport']], BASE],
    ['a hidden single item is left out', [], BASE],
    ['a single item shown by conditional logic counts', [[list('7'), 'Yes']], BASE + 800],
    [
      'everything at once',
      [
        [q('1'), '2'],
        [f('2'), '5'],
        [f('4'), 'Cotton'],
        [q('4'), '3'],
        [list('5'), 'wrap'],
        [f('6'), 'Standard'],
        [list('7'), 'Yes'],
      ],
      3000 + 500 + 250 + 13500 + 300 + 500 + 800,
    ],
  ])('%s', (_name, entries, total) => {
    const totals = totalsOf(entries);
    expect(totals.subtotal).toBe(total);
    expect(totals.total).toBe(total);
    expect(totals.coupon).toBeUndefined();
  });

  it.each<[string, FormCoupon, PostedEntry[], number]>([
    ['10 % off', save10, [[f('4'), 'Silk']], Math.round((BASE + 9000) * 0.1)],
    ['5.00 off', flat5, [[f('4'), 'Silk']], 500],
    ['a fixed coupon never takes more than the items cost', flat5, [[q('1'), '0']], 250],
    [
      'under its minimum spend it takes nothing',
      { ...flat5, minimumSpend: 20_000 },
      [[f('4'), 'Silk']],
      0,
    ],
    ['at its minimum spend it applies', { ...flat5, minimumSpend: BASE }, [], 500],
  ])('a coupon: %s', (_name, coupon, entries, discount) => {
    const totals = totalsOf(entries, coupon);
    expect(totals.coupon).toEqual({ code: coupon.code, discount });
    expect(totals.total).toBe(totals.subtotal - discount);
  });
});

describe('when the total is worked out again (seed 002 §5)', () => {
  it.each<[string | undefined, number | undefined, number, boolean]>([
    ['text', 1000, 1000, false],
    ['text', 1000, 1250, true],
    ['number', undefined, 0, true],
    ['radio', 4500, 4500, true],
    ['checkbox', 300, 300, true],
    ['select-one', 500, 500, true],
    ['select-multiple', 500, 500, true],
    ['hidden', 250, 250, false],
    [undefined, 250, 250, false],
  ])('a %s change from %s to %s: %s', (trigger, previous, next, expected) => {
    expect(shouldRecalculate(trigger, previous, next)).toBe(expected);
  });
});

describe('a custom total (seed 002 §5: only when 0 or more)', () => {
  it.each<[unknown, number]>([
    [undefined, 1750],
    [0, 0],
    [999, 999],
    [-1, 1750],
    [12.5, 1750],
    [Number.NaN, 1750],
    [Number.POSITIVE_INFINITY, 1750],
    ['500', 1750],
    [null, 1750],
  ])('override %s gives %s', (override, total) => {
    expect(withTotalOverride(1750, override)).toBe(total);
  });
});

describe('the order summary (seed 002 §2)', () => {
  it('has a row for every item, keyed by field and choice, in the form’s order', () => {
    const summary = summaryOf([]);
    expect(summary.rows.map((row) => row.key)).toEqual([
      '1',
      '2',
      '3',
      '4_1',
      '4_2',
      '4_3',
      '5_1',
      '5_2',
      '6_1',
      '6_2',
      '8',
    ]);
    expect(summary.rows.find((row) => row.key === '4_3')?.label).toBe('Fabric - Silk');
    expect(summary.rows.find((row) => row.key === '1')?.label).toBe('Fitting');
  });

  it.each<[string, PostedEntry[], string[], boolean]>([
    ['the fixed items only', [], ['1', '3'], false],
    [
      'chosen choices with their quantity',
      [
        [f('4'), 'Cotton'],
        [q('4'), '2'],
      ],
      ['1', '3', '4_1'],
      false,
    ],
    [
      'quantity-0 items hidden',
      [
        [q('1'), '0'],
        [f('4'), 'Cotton'],
        [q('4'), '0'],
      ],
      ['3'],
      false,
    ],
    ['a hidden field’s item not shown', [[f('6'), 'Express']], ['1', '3', '6_2'], false],
    ['a shown field’s item shown', [[list('7'), 'Yes']], ['1', '3', '8'], false],
    ['a user amount once entered', [[f('2'), '3']], ['1', '2', '3'], false],
  ])('%s', (_name, entries, shown, placeholder) => {
    const summary = summaryOf(entries);
    expect(summary.rows.filter((row) => row.shown).map((row) => row.key)).toEqual(shown);
    expect(summary.placeholder).toBe(placeholder);
  });

  it('shows the placeholder row when no item is shown', () => {
    const free = formDefinitionSchema.parse({
      id: 'free',
      title: 'Free',
      fields: [
        {
          id: '1',
          type: 'payment-multiple',
          label: 'Size',
          quantity_max: 2,
          choices: [{ label: 'S', price: 100 }],
        },
      ],
    });
    const none = readFieldValues(free, []);
    expect(orderSummary(free, none, visibleFieldIds(free, none)).placeholder).toBe(true);
    const zero = readFieldValues(free, [
      [f('1'), 'S'],
      [q('1'), '0'],
    ]);
    expect(orderSummary(free, zero, visibleFieldIds(free, zero)).placeholder).toBe(true);
  });

  it('prices each row as unit price times quantity in the form’s currency', () => {
    const summary = summaryOf([
      [f('4'), 'Silk'],
      [q('4'), '2'],
    ]);
    const silk = summary.rows.find((row) => row.key === '4_3')!;
    expect(silk).toMatchObject({ quantity: 2, price: '$180.00', shown: true });
    expect(summary.total).toBe('$197.50');
  });

  it('shows the coupon and its discount', () => {
    const summary = summaryOf([[f('4'), 'Silk']], save10);
    expect(summary.coupon).toEqual({ code: 'SAVE10', amount: '-$10.75' });
    expect(summary.total).toBe('$96.75');
  });

  it.each<[string, string, string]>([
    ['', '$0.00', '8ch'],
    ['-$10.75', '$96.75', '10ch'],
    ['-$5.00', '$1,234.50', '12ch'],
    ['-$1,000.00', '$5.00', '13ch'],
  ])('the price column: coupon %j and total %j make it %s wide', (coupon, total, width) => {
    expect(priceColumnWidth(coupon, total)).toBe(width);
  });

  it('sizes the price column from its own totals', () => {
    expect(summaryOf([[f('4'), 'Silk']], save10).priceColumnWidth).toBe('10ch');
    expect(summaryOf([]).priceColumnWidth).toBe('9ch');
  });

  it('writes money with the form’s currency settings', () => {
    const euro = formDefinitionSchema.parse({
      ...form,
      settings: {
        currency_code: 'EUR',
        currency_symbol: '€',
        currency_symbol_pos: 'right',
        currency_thousands: '.',
        currency_decimal: ',',
      },
    });
    const values = readFieldValues(euro, [
      [f('4'), 'Silk'],
      [q('4'), '10'],
      [f('2'), '1.000,00'],
    ]);
    const summary = orderSummary(euro, values, visibleFieldIds(euro, values));
    expect(summary.total).toBe('1.917,50 €');
    expect(summary.rows.find((row) => row.key === '2')?.price).toBe('1.000,00 €');
  });
});

describe('rows updated in batches of 10 (seed 002 §2)', () => {
  it.each([
    [0, []],
    [1, [1]],
    [10, [10]],
    [11, [10, 1]],
    [25, [10, 10, 5]],
  ])('%i rows in batches of %o', (count, sizes) => {
    const rows = Array.from({ length: count }, (_, i) => i);
    const batches = inBatches(rows);
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(rows);
  });
});
