import { format } from '../../../platform/messages/format.ts';
import type { FieldOf } from '../../definition.ts';
import type { FormContext } from '../context.ts';
import { formTexts, uiTexts } from '../texts.ts';
import { changed, on } from './listen.ts';

/**
 * Seed 002 §3 `search-enabled` and `remove-items-enabled`: a dropdown whose choices can be
 * searched (a combobox over the native select, which stays the posted value) and, for a multiple
 * select, whose chosen items show as removable chips, with "Remove all items" (seed 000 §8's
 * dropdown texts).
 */
export function attachSelect(
  context: FormContext,
  field: FieldOf<'select'>,
  element: HTMLElement,
): void {
  if (!field.search_enabled && !field.remove_items_enabled) return;
  const select = element.querySelector<HTMLSelectElement>('select[name]');
  if (!select) return;
  const doc = element.ownerDocument;
  const base = select.id || `wpforms-${context.definition.id}-field_${field.id}`;
  const box = doc.createElement('div');
  box.className = 'wpforms-select-enhanced';
  const chips = doc.createElement('div');
  chips.className = 'wpforms-select-chips';
  box.append(chips);
  select.after(box);

  const options = () => [...select.options].filter((option) => option.value !== '');
  const renderChips = () => {
    chips.replaceChildren();
    if (!field.remove_items_enabled) return;
    const chosen = options().filter((option) => option.selected);
    for (const option of chosen) {
      const chip = doc.createElement('span');
      chip.className = 'wpforms-select-chip';
      const remove = doc.createElement('button');
      remove.type = 'button';
      remove.className = 'wpforms-select-chip-remove';
      remove.setAttribute('aria-label', format(uiTexts.removeItem, { label: option.text }));
      remove.textContent = '×';
      remove.addEventListener('click', () => {
        option.selected = false;
        if (!select.multiple) select.value = '';
        changed(select);
      });
      chip.append(option.text, remove);
      chips.append(chip);
    }
    if (chosen.length > 1) {
      const all = doc.createElement('button');
      all.type = 'button';
      all.className = 'wpforms-select-remove-all';
      all.textContent = formTexts.dropdownRemoveAll;
      all.addEventListener('click', () => {
        for (const option of options()) option.selected = false;
        if (!select.multiple) select.value = '';
        changed(select);
      });
      chips.append(all);
    }
  };
  on(context, select, 'change', renderChips);
  renderChips();
  if (!field.search_enabled) return;

  const search = doc.createElement('input');
  search.type = 'text';
  search.id = `${base}-search`;
  search.className = 'wpforms-select-search';
  search.autocomplete = 'off';
  search.placeholder = field.placeholder || uiTexts.search;
  search.setAttribute('role', 'combobox');
  search.setAttribute('aria-autocomplete', 'list');
  search.setAttribute('aria-expanded', 'false');
  const list = doc.createElement('ul');
  list.id = `${base}-listbox`;
  list.className = 'wpforms-select-listbox';
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  if (select.multiple) list.setAttribute('aria-multiselectable', 'true');
  search.setAttribute('aria-controls', list.id);
  box.append(search, list);
  // People reach the choices through the search box; the native select stays for posting.
  select.classList.add('wpforms-screen-reader-element');
  select.tabIndex = -1;
  select.setAttribute('aria-hidden', 'true');
  const label = element.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(select.id)}"]`);
  if (label) label.htmlFor = search.id;
  else search.setAttribute('aria-label', field.label);
  let active = -1;

  const matches = () => {
    const text = search.value.trim().toLowerCase();
    return options().filter((option) => option.text.toLowerCase().includes(text));
  };
  const render = () => {
    const found = matches();
    active = Math.min(active, found.length - 1);
    list.replaceChildren();
    if (found.length === 0) {
      const none = doc.createElement('li');
      none.className = 'wpforms-select-no-results';
      none.textContent = formTexts.dropdownNoResults;
      list.append(none);
    }
    found.forEach((option, index) => {
      const item = doc.createElement('li');
      item.id = `${base}-option-${index}`;
      item.setAttribute('role', 'option');
      item.setAttribute('aria-selected', String(option.selected));
      item.classList.toggle('active', index === active);
      item.textContent = option.text;
      item.addEventListener('mousedown', (event) => event.preventDefault());
      item.addEventListener('click', () => choose(option));
      list.append(item);
    });
    if (active >= 0) search.setAttribute('aria-activedescendant', `${base}-option-${active}`);
    else search.removeAttribute('aria-activedescendant');
  };
  const open = (show: boolean) => {
    list.hidden = !show;
    search.setAttribute('aria-expanded', String(show));
    if (show) render();
  };
  const choose = (option: HTMLOptionElement) => {
    if (select.multiple) option.selected = !option.selected;
    else select.value = option.value;
    changed(select);
    if (!select.multiple) {
      search.value = '';
      open(false);
    } else render();
  };
  on(context, search, 'input', () => {
    active = 0;
    open(true);
  });
  on(context, search, 'focus', () => open(true));
  on(context, search, 'blur', () => open(false));
  on(context, search, 'keydown', (event) => {
    const found = matches();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.hidden) open(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = Math.max(0, Math.min(found.length - 1, active + step));
      render();
    } else if (event.key === 'Enter' && !list.hidden && found[active]) {
      event.preventDefault();
      event.stopPropagation();
      choose(found[active]!);
    } else if (event.key === 'Escape') {
      open(false);
    }
  });
}
