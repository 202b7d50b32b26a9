import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldError } from '../platform/address/address.ts';
import { AddressFields, type AddressFieldsProps } from './address-fields.tsx';

/** The section as the server sends it to a browser without JavaScript. */
function render(props: Partial<AddressFieldsProps> & Pick<AddressFieldsProps, 'kind'>): string {
  return renderToStaticMarkup(<AddressFields values={{}} errors={[]} {...props} />);
}

/** The markup of one row, `<p id="{name}_field" ...>...</p>`. */
function row(html: string, name: string): string {
  const match = new RegExp(`<p[^>]*id="${name}_field"[^>]*>.*?</p>`).exec(html);
  if (!match) throw new Error(`no row for ${name}`);
  return match[0];
}

describe('address fields, server-rendered', () => {
  it('renders WooCommerce rows with labels marking required and optional fields', () => {
    const html = render({ kind: 'billing' });
    expect(row(html, 'billing_first_name')).toContain(
      '<p class="form-row form-row-first validate-required" id="billing_first_name_field"',
    );
    expect(row(html, 'billing_first_name')).toContain(
      '<label for="billing_first_name">First name\u00a0<abbr class="required" title="required">*</abbr></label>',
    );
    expect(row(html, 'billing_company')).toContain('<span class="optional">(optional)</span>');
    expect(row(html, 'billing_first_name')).toContain('name="billing_first_name"');
  });

  it('offers the US states in a select labelled State by default', () => {
    const state = row(render({ kind: 'billing' }), 'billing_state');
    expect(state).toContain('State\u00a0<abbr');
    expect(state).toContain('<select');
    expect(state).toContain('<option value="CA">California</option>');
    expect(state).toMatch(/autocomplete="billing address-level1"/i);
  });

  it('selects the posted country and the posted state, given by its full name', () => {
    const html = render({
      kind: 'billing',
      values: { billing_country: 'CA', billing_state: 'ontario' },
    });
    expect(row(html, 'billing_country')).toContain(
      '<option value="CA" selected="">Canada</option>',
    );
    expect(row(html, 'billing_state')).toContain('Province');
    expect(row(html, 'billing_state')).toContain('<option value="ON" selected="">Ontario</option>');
  });

  it('hides the German state as an empty hidden input', () => {
    const state = row(
      render({ kind: 'billing', values: { billing_country: 'DE' } }),
      'billing_state',
    );
    expect(state).toMatch(/^<p[^>]* hidden=""/);
    expect(state).toContain(
      '<input type="hidden" id="billing_state" name="billing_state" value=""/>',
    );
  });

  it('asks the UK for an optional county as text', () => {
    const state = row(
      render({ kind: 'billing', values: { billing_country: 'GB' } }),
      'billing_state',
    );
    expect(state).toContain('County\u00a0<span class="optional">(optional)</span>');
    expect(state).toContain('type="text"');
    expect(state).not.toContain('validate-required');
  });

  it('hides the postcode of Hong Kong', () => {
    const postcode = row(
      render({ kind: 'billing', values: { billing_country: 'HK' } }),
      'billing_postcode',
    );
    expect(postcode).toMatch(/^<p[^>]* hidden=""/);
  });

  it('gives shipping no email or phone and shipping autocomplete tokens', () => {
    const html = render({ kind: 'shipping' });
    expect(html).not.toContain('shipping_email');
    expect(html).not.toContain('shipping_phone');
    expect(row(html, 'shipping_postcode')).toMatch(/autocomplete="shipping postal-code"/i);
  });

  it('keeps posted values in uncontrolled fields', () => {
    const html = render({ kind: 'billing', values: { billing_city: 'London' } });
    expect(row(html, 'billing_city')).toContain('value="London"');
  });

  it('shows a server error as invalid, with its words linked to the field', () => {
    const errors: FieldError[] = [
      { field: 'billing_first_name', message: 'Billing First name is a required field.' },
      { field: 'shipping_city', message: 'Shipping Town / City is a required field.' },
    ];
    const html = render({ kind: 'billing', errors });
    const first = row(html, 'billing_first_name');
    expect(first).toContain(
      'class="form-row form-row-first validate-required woocommerce-invalid woocommerce-invalid-required-field"',
    );
    expect(first).toContain('aria-invalid="true"');
    expect(first).toContain('aria-describedby="billing_first_name_description"');
    expect(first).toContain(
      '<span class="checkout-inline-error-message field-error" id="billing_first_name_description">Billing First name is a required field.</span>',
    );
    expect(row(html, 'billing_city')).not.toContain('woocommerce-invalid');
  });

  it('marks a server error it does not recognise as invalid only', () => {
    const errors = [{ field: 'billing_state', message: 'Billing State is not valid.' }];
    const state = row(render({ kind: 'billing', errors }), 'billing_state');
    expect(state).toContain('validate-state woocommerce-invalid"');
  });

  it('disables every field when asked', () => {
    const html = render({ kind: 'shipping', disabled: true });
    expect(row(html, 'shipping_city')).toContain('disabled=""');
    expect(row(html, 'shipping_country')).toContain('disabled=""');
  });
});
