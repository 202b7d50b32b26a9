import { format, messages } from '../../../platform/messages/index.ts';
import { dropdownNotice } from '../../../ui/dropdown-notice.ts';
import type { FieldOf } from '../../definition.ts';
import type { FormContext } from '../context.ts';
import { uiTexts } from '../texts.ts';
import { changed, on } from './listen.ts';

/**
 * Seed 002 §3 `search-enabled` and `remove-items-enabled`: a dropdown whose choices can be
 * searched and, for a multiple select, whose chosen items show as removable chips, with "Remove
 * all items" and, with a choice limit, "You can only select N items" (seed 000 §8's dropdown
 * texts).
 */
export function attachSelect(
  context: FormContext,
  field: FieldOf<'select'>,
  element: HTMLElement,
): void {
  if (!field.search_enabled && !field.remove_items_enabled) return;
  const select = element.querySelector<HTMLSelectElement>('select[name]');
  if (!select) return;
  searchableSelect(context, select, {
    searchable: field.search_enabled,
    removable: field.remove_items_enabled,
    placeholder: field.placeholder || uiTexts.search,
    choiceLimit: field.multiple ? field.choice_limit : 0,
  });
}

export interface SearchableSelectOptions {
  /** A search box over the options (a combobox); without it the select stays as it is. */
  searchable: boolean;
  /** The chosen items of a multiple select as chips with a remove button each. */
  removable: boolean;
  placeholder: string;
  /** The most items a multiple select may have chosen; 0 for no limit. */
  choiceLimit: number;
}

export interface SearchableSelect {
  /** Shows the select's options and value again, after a script changed them. */
  refresh(): void;
  /** Takes the search box and the chips away, and shows the select as it was. */
  remove(): void;
}

const MIRRORED = ['aria-invalid', 'aria-describedby', 'aria-required'] as const;

/**
 * A combobox over a native select, which stays in the form, out of sight, holding the posted value
 * (the address field's country and state use it too). Typing filters the options and marks the
 * first match, which Enter picks; arrow keys move, Escape closes. A single select's box shows the
 * chosen option's name; a multiple one's chosen items are its chips. Every choice reaches the
 * select with the events a person's change fires, so the runtime judges it as usual; its
 * requiredness, invalid state and error descriptions are mirrored on the box.
 */
export function searchableSelect(
  context: FormContext,
  select: HTMLSelectElement,
  settings: SearchableSelectOptions,
): SearchableSelect {
  const doc = select.ownerDocument;
  const base = select.id || `${select.name.replace(/[^a-z0-9]+/gi, '-')}-select`;
  const undo: (() => void)[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) => {
    on(context, target, type, listener);
    undo.push(() => target.removeEventListener(type, listener));
  };
  const box = doc.createElement('div');
  box.className = 'wpforms-select-enhanced';
  const chips = doc.createElement('div');
  chips.className = 'wpforms-select-chips';
  box.append(chips);
  select.after(box);

  const options = () => [...select.options].filter((option) => option.value !== '');
  const chosen = () => options().filter((option) => option.selected);
  const full = () => settings.choiceLimit > 0 && chosen().length >= settings.choiceLimit;

  const renderChips = () => {
    chips.replaceChildren();
    if (!settings.removable) return;
    const picked = chosen();
    for (const option of picked) {
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
    if (picked.length > 1) {
      const all = doc.createElement('button');
      all.type = 'button';
      all.className = 'wpforms-select-remove-all';
      all.textContent = messages.dropdown.removeAllItems;
      all.addEventListener('click', () => {
        for (const option of options()) option.selected = false;
        if (!select.multiple) select.value = '';
        changed(select);
      });
      chips.append(all);
    }
  };

  if (!settings.searchable) {
    renderChips();
    listen(select, 'change', renderChips);
    return {
      refresh: renderChips,
      remove() {
        for (const step of undo.splice(0)) step();
        box.remove();
      },
    };
  }

  const search = doc.createElement('input');
  search.type = 'text';
  search.id = `${base}-search`;
  search.className = 'wpforms-select-search';
  search.autocomplete = 'off';
  search.placeholder = settings.placeholder;
  search.setAttribute('role', 'combobox');
  search.setAttribute('aria-autocomplete', 'list');
  search.setAttribute('aria-expanded', 'false');
  const list = doc.createElement('ul');
  list.id = `${base}-listbox`;
  list.className = 'wpforms-select-listbox';
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  if (select.multiple) list.setAttribute('aria-multiselectable', 'true');
  // What the list has to say instead of (or with) its options: no matches, a full selection.
  const notice = doc.createElement('p');
  notice.id = `${base}-notice`;
  notice.className = 'wpforms-select-notice';
  notice.setAttribute('role', 'status');
  notice.hidden = true;
  search.setAttribute('aria-controls', list.id);
  // Over what follows, so that the page does not move when it opens or closes.
  const popup = doc.createElement('div');
  popup.className = 'wpforms-select-popup';
  popup.append(list, notice);
  box.append(search, popup);

  // People reach the choices through the search box; the native select stays for posting.
  select.classList.add('wpforms-select-native');
  const tabIndex = select.getAttribute('tabindex');
  select.tabIndex = -1;
  select.setAttribute('aria-hidden', 'true');
  const root = select.getRootNode() as Document | ShadowRoot;
  const label = root.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(select.id)}"]`);
  if (label) label.htmlFor = search.id;
  // The runtime focuses an invalid field's select: the box stands in for it.
  listen(select, 'focus', () => search.focus());

  const mirror = () => {
    search.disabled = select.disabled;
    for (const name of MIRRORED) {
      const value = select.getAttribute(name);
      if (value === null) search.removeAttribute(name);
      else search.setAttribute(name, value);
    }
    if (select.required && !search.hasAttribute('aria-required'))
      search.setAttribute('aria-required', 'true');
  };
  const watcher = new MutationObserver(mirror);
  watcher.observe(select, { attributes: true, attributeFilter: [...MIRRORED, 'disabled'] });
  undo.push(() => watcher.disconnect());
  context.cleanups.push(() => watcher.disconnect());
  mirror();

  /** What was typed since the box took focus; '' shows every option. */
  let query = '';
  let active = -1;
  const chosenName = () => (select.multiple ? '' : (chosen()[0]?.text ?? ''));

  const matches = () => {
    if (select.multiple && full()) return [];
    const text = query.trim().toLowerCase();
    return options().filter((option) => option.text.toLowerCase().includes(text));
  };
  const render = () => {
    const found = matches();
    active = Math.min(active, found.length - 1);
    list.replaceChildren();
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
    list.hidden = search.getAttribute('aria-expanded') !== 'true' || found.length === 0;
    const said = dropdownNotice({
      input: query,
      matches: found.length,
      ...(settings.choiceLimit > 0
        ? { maximumSelectionLength: settings.choiceLimit, selected: chosen().length }
        : {}),
    });
    notice.textContent = said ?? '';
    notice.hidden = search.getAttribute('aria-expanded') !== 'true' || said === null;
    if (active >= 0) {
      search.setAttribute('aria-activedescendant', `${base}-option-${active}`);
      list.children[active]?.scrollIntoView({ block: 'nearest' });
    } else search.removeAttribute('aria-activedescendant');
  };
  const open = (show: boolean) => {
    search.setAttribute('aria-expanded', String(show));
    if (show) {
      const found = matches();
      if (active < 0)
        active = Math.max(
          0,
          found.findIndex((option) => option.selected),
        );
      render();
    } else {
      list.hidden = true;
      notice.hidden = true;
      query = '';
      active = -1;
      search.removeAttribute('aria-activedescendant');
      search.value = chosenName();
    }
  };
  const choose = (option: HTMLOptionElement) => {
    if (select.multiple) {
      if (!option.selected && full()) return;
      option.selected = !option.selected;
    } else select.value = option.value;
    changed(select);
    if (select.multiple) {
      query = '';
      search.value = '';
      render();
    } else open(false);
  };

  listen(search, 'input', () => {
    query = search.value;
    active = 0;
    open(true);
  });
  listen(search, 'focus', () => {
    // Typing replaces the chosen name.
    search.select();
    open(true);
  });
  listen(search, 'blur', () => open(false));
  listen(search, 'keydown', (event) => {
    const found = matches();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (search.getAttribute('aria-expanded') !== 'true') open(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      active = Math.max(0, Math.min(found.length - 1, active + step));
      render();
    } else if (event.key === 'Enter') {
      // Never the form's Enter (Next or submit) while the list is open.
      if (search.getAttribute('aria-expanded') !== 'true') return;
      event.preventDefault();
      const option = found[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && search.getAttribute('aria-expanded') === 'true') {
      event.preventDefault();
      open(false);
    }
  });

  const refresh = () => {
    renderChips();
    mirror();
    if (search.getAttribute('aria-expanded') === 'true') render();
    else search.value = chosenName();
  };
  listen(select, 'change', refresh);
  refresh();
  return {
    refresh,
    remove() {
      for (const step of undo.splice(0)) step();
      box.remove();
      if (label) label.htmlFor = select.id;
      select.classList.remove('wpforms-select-native');
      select.removeAttribute('aria-hidden');
      if (tabIndex === null) select.removeAttribute('tabindex');
      else select.setAttribute('tabindex', tabIndex);
    },
  };
}
