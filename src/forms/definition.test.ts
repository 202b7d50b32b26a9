import { describe, expect, it } from 'vitest';
import { messages } from '../platform/messages/index.ts';
import { formDefinitionSchema } from './definition.ts';
import { formPages } from './form-pages.ts';
import { demoForms } from './demo-forms/index.ts';

describe('form definitions', () => {
  it('fill seed 002 §3 settings with their defaults', () => {
    const form = formDefinitionSchema.parse({
      id: 'mini',
      title: 'Mini',
      fields: [{ id: '1', type: 'text', label: 'A' }],
    });
    expect(form.settings).toMatchObject({
      currency_code: 'USD',
      currency_symbol: '$',
      currency_symbol_pos: 'left',
      currency_decimals: 2,
      currency_thousands: ',',
      currency_decimal: '.',
      uuid_cookie: false,
      minimum_seconds: 3,
      val_required: messages.forms.val_required,
    });
    expect(form.confirmation).toEqual({
      type: 'message',
      message: messages.forms.confirmationDefault,
    });
    expect(form.fields[0]).toMatchObject({ required: false, limit_enabled: false, input_mask: '' });
  });

  it('refuse duplicate field ids, rules on unknown fields and unknown settings', () => {
    const fields = [
      { id: '1', type: 'text' },
      { id: '1', type: 'email' },
    ];
    expect(formDefinitionSchema.safeParse({ id: 'a', title: 'A', fields }).success).toBe(false);
    const dangling = [
      {
        id: '1',
        type: 'text',
        conditional: { action: 'show', groups: [[{ field: '9', operator: 'e' }]] },
      },
    ];
    expect(formDefinitionSchema.safeParse({ id: 'a', title: 'A', fields: dangling }).success).toBe(
      false,
    );
    const typo = {
      id: 'a',
      title: 'A',
      fields: [{ id: '1', type: 'text' }],
      settings: { curency: 'x' },
    };
    expect(formDefinitionSchema.safeParse(typo).success).toBe(false);
  });

  it('split the fields into pages at each page break', () => {
    const order = demoForms().find((f) => f.id === 'order')!;
    const pages = formPages(order);
    expect(pages.map((p) => p.title)).toEqual(['Your details', 'Your order', 'Payment']);
    expect(pages[0]!.fields.map((f) => f.label)).toEqual(['Name', 'Email', 'Phone', 'Delivery']);
    expect(pages[2]!.pagebreak).toBeUndefined();
  });

  it('hold the demo forms of CONTRACT §3', () => {
    const [contact] = demoForms();
    expect(contact!.fields.map((f) => f.label)).toEqual(['Name', 'Email', 'Message']);
    expect(contact!.fields[2]).toMatchObject({ limit_enabled: true, limit_count: 200 });
  });
});
