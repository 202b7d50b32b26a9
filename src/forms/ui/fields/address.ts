import { messages } from '../../../platform/messages/index.ts';
import type { FormContext } from '../context.ts';
import { on } from './listen.ts';
import { searchableSelect, type SearchableSelect } from './select.ts';

/** The checkout's countries and states: loaded the first time they are needed, not with the form. */
const countryData = () => import('../../../platform/address/countries.ts');

/**
 * The address field in the browser: its country and its states are the checkout's, in searchable
 * selects (select.ts). The renderer writes the country select and the states of the country shown
 * first (address-lists.ts); choosing another country gives the state input that country's states
 * to choose from, or a text box where it has none. Seed 002 §4 "Address": a country listed in
 * `address_field.list_countries_without_states` clears and disables the state input, makes it
 * optional and marks its row as without-state, while any other country takes the required flag
 * from the row's first input. The posted names stay the renderer's.
 */
export function attachAddress(context: FormContext, element: HTMLElement): void {
  const country = element.querySelector<HTMLSelectElement>('select[name$="[country]"]');
  const first = element.querySelector<HTMLInputElement>('[name$="[address1]"]');
  const withoutStates = context.settings.address_field.list_countries_without_states;
  const searchable = (select: HTMLSelectElement) =>
    searchableSelect(context, select, {
      searchable: true,
      removable: false,
      placeholder: messages.forms.choose,
      choiceLimit: 0,
    });

  let state = element.querySelector<HTMLInputElement | HTMLSelectElement>('[name$="[state]"]');
  let stateSearch: SearchableSelect | undefined;
  if (state instanceof HTMLSelectElement) stateSearch = searchable(state);

  if (country) {
    const search = searchable(country);
    // Written without the lists, the select holds the chosen country alone.
    if (country.options.length < 3) {
      void countryData().then(({ countries }) => {
        const chosen = country.value;
        fillOptions(country, Object.entries(countries));
        country.value = chosen;
        search.refresh();
        void changeCountry();
      });
    }
  }

  /** Puts a select or a text box in the state input's place, with its id, name and wiring. */
  const replaceState = <Tag extends 'select' | 'input'>(
    tag: Tag,
  ): HTMLElementTagNameMap[Tag] | undefined => {
    if (!state) return undefined;
    stateSearch?.remove();
    stateSearch = undefined;
    const next = element.ownerDocument.createElement(tag);
    for (const name of ['id', 'name', 'autocomplete', 'aria-describedby']) {
      const value = state.getAttribute(name);
      if (value !== null) next.setAttribute(name, value);
    }
    if (next instanceof HTMLInputElement) next.type = 'text';
    state.replaceWith(next);
    state = next;
    return next;
  };

  /** Marks the state input as the country wants it: needed, or disabled and optional. */
  const settle = (without: boolean) => {
    if (!state) return;
    if (without) state.value = '';
    state.disabled = without;
    const required = !without && first?.getAttribute('aria-required') === 'true';
    state.setAttribute('aria-required', String(required));
    state.closest('.wpforms-field-row-block')?.classList.toggle('wpforms-without-state', without);
    stateSearch?.refresh();
  };

  const changeCountry = async () => {
    const code = country?.value ?? '';
    if (withoutStates.includes(code)) {
      if (state instanceof HTMLSelectElement) replaceState('input');
      settle(true);
      return;
    }
    const { statesOf } = await countryData();
    // Another country may have been chosen meanwhile: that choice's own call does it.
    if (!state || (country?.value ?? '') !== code) return;
    const states = statesOf(code);
    if (states.length > 0) {
      const select = state instanceof HTMLSelectElement ? state : replaceState('select')!;
      fillOptions(
        select,
        states.map((s) => [s.code, s.name]),
      );
      select.value = '';
      stateSearch ??= searchable(select);
    } else if (state instanceof HTMLSelectElement) {
      replaceState('input');
    } else {
      state.value = '';
    }
    settle(false);
  };

  if (country) on(context, country, 'change', () => void changeCountry());
  settle(withoutStates.includes(country?.value ?? ''));
}

/** A select's options: the empty choice, then these. */
function fillOptions(select: HTMLSelectElement, options: [value: string, text: string][]): void {
  const doc = select.ownerDocument;
  const empty = doc.createElement('option');
  empty.value = '';
  empty.textContent = messages.forms.choose;
  select.replaceChildren(
    empty,
    ...options.map(([value, text]) => {
      const option = doc.createElement('option');
      option.value = value;
      option.textContent = text;
      return option;
    }),
  );
}
