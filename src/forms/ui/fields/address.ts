import type { FormContext } from '../context.ts';
import { on } from './listen.ts';

/**
 * Seed 002 §4 "Address": a country listed in `address_field.list_countries_without_states`
 * clears and disables the state input, makes it optional and marks the row as without-state; any
 * other country enables it and takes the required flag from the row's first input.
 */
export function attachAddress(context: FormContext, element: HTMLElement): void {
  const country = element.querySelector<HTMLInputElement | HTMLSelectElement>(
    '[name$="[country]"]',
  );
  const state = element.querySelector<HTMLInputElement | HTMLSelectElement>('[name$="[state]"]');
  if (!country || !state) return;
  const first = element.querySelector<HTMLInputElement>('[name$="[address1]"]');
  const withoutStates = context.settings.address_field.list_countries_without_states;
  const apply = () => {
    const row = state.closest('.wpforms-field-row') ?? state.parentElement;
    const without = withoutStates.includes(country.value.trim().toUpperCase());
    if (without) state.value = '';
    state.disabled = without;
    const required = !without && (first?.required ?? false);
    state.required = required;
    state.setAttribute('aria-required', String(required));
    row?.classList.toggle('wpforms-without-state', without);
  };
  on(context, country, 'change', apply);
  on(context, country, 'input', apply);
  apply();
}
