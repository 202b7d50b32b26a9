/** A form field's value, '' when absent. */
function valueOf(form: HTMLFormElement, name: string): string {
  const element = form.elements.namedItem(name);
  if (!element || element instanceof RadioNodeList) {
    return element instanceof RadioNodeList ? element.value : '';
  }
  return (element as HTMLInputElement).value ?? '';
}

function shipsElsewhere(form: HTMLFormElement): boolean {
  const box = form.elements.namedItem('ship_to_different_address');
  return box instanceof HTMLInputElement && box.checked;
}

/** The address fields the order review is worked out from: shipping's when shipping elsewhere. */
function destinationPrefix(form: HTMLFormElement): 'billing' | 'shipping' {
  return shipsElsewhere(form) ? 'shipping' : 'billing';
}

/** Seed 001 §4: no update while the destination's required fields (country and postcode-like ones) are empty. */
export function requiredAddressFilled(form: HTMLFormElement): boolean {
  const prefix = destinationPrefix(form);
  const required = ['country', 'state', 'postcode', 'city'].filter((key) => {
    const input = form.elements.namedItem(`${prefix}_${key}`);
    return (
      input instanceof HTMLElement &&
      (input as HTMLInputElement).type !== 'hidden' &&
      (input.getAttribute('aria-required') === 'true' || input.hasAttribute('required'))
    );
  });
  return (
    valueOf(form, `${prefix}_country`) !== '' &&
    required.every((key) => valueOf(form, `${prefix}_${key}`).trim() !== '')
  );
}

/** Seed 001 §3: the order review update's payload. */
export function orderReviewPayload(form: HTMLFormElement, nonce: string): URLSearchParams {
  const billing = (key: string) => valueOf(form, `billing_${key}`);
  const prefix = destinationPrefix(form);
  const destination = (key: string) => valueOf(form, `${prefix}_${key}`);
  const payload = new URLSearchParams({
    security: nonce,
    payment_method: valueOf(form, 'payment_method'),
    country: billing('country'),
    state: billing('state'),
    postcode: billing('postcode'),
    city: billing('city'),
    address: billing('address_1'),
    address_2: billing('address_2'),
    s_country: destination('country'),
    s_state: destination('state'),
    s_postcode: destination('postcode'),
    s_city: destination('city'),
    s_address: destination('address_1'),
    s_address_2: destination('address_2'),
    has_full_address: String(requiredAddressFilled(form)),
    post_data: new URLSearchParams(
      [...new FormData(form).entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ).toString(),
  });
  const rate = valueOf(form, 'shipping_method[0]');
  if (rate) payload.set('shipping_method[0]', rate);
  return payload;
}
