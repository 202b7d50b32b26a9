import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import {
  Button,
  ComboBox,
  ComboBoxStateContext,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { messages } from '../platform/messages/index.ts';
import { dropdownNotice } from './dropdown-notice.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  /** The native select's attributes: id, name, autocomplete, required, aria-… */
  select: SelectHTMLAttributes<HTMLSelectElement> & { id: string; name: string };
  /** The empty option's text, and the search field's placeholder. */
  placeholder: string;
  options: readonly SelectOption[];
  defaultValue: string;
  /** The id of the field's own label, which names the search field too. */
  labelId: string;
  /** An optional field can be emptied with a `Remove all items` button. */
  clearable?: boolean;
}

/**
 * The search field's box. select2 highlights the first option that matches what is typed, so
 * Enter takes it: the same here, unless the shopper has moved the highlight to another option
 * (arrow keys, pointer).
 */
function SearchControl({
  chosenLabel,
  children,
}: {
  chosenLabel: string | undefined;
  children: ReactNode;
}) {
  const state = useContext(ComboBoxStateContext);
  const firstMatch = (): Key | null => {
    if (!state?.isOpen || state.inputValue === '' || state.inputValue === chosenLabel) return null;
    const focused = state.selectionManager.focusedKey;
    if (focused !== null && state.collection.getItem(focused)) return null;
    return state.collection.getFirstKey();
  };
  const highlight = () => {
    const key = firstMatch();
    if (key !== null) state?.selectionManager.setFocusedKey(key);
  };
  // Before the browser paints: React Aria takes the highlight off (in an effect) as the text
  // changes, and the list should not flicker.
  useLayoutEffect(highlight);
  return (
    <div
      className="searchable-select-control"
      // React Aria gives the highlight back one render after a key: an Enter pressed in between
      // (a fast typist, a slow phone) still takes the first match.
      onKeyDownCapture={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) highlight();
      }}
    >
      {children}
    </div>
  );
}

/**
 * A select people can type into (WooCommerce's selectWoo on the country and state fields, seed
 * 000 §8's texts). Rendered as a plain <select>, which is all a browser without JavaScript gets.
 * Once hydrated the select stays in the form, hidden, holding the value the form posts, and a
 * React Aria combobox is shown in its place: typing filters the options and highlights the first
 * match, arrow keys move the highlight and Enter chooses it. Each choice is written to the select
 * with a bubbling `change`, as selectWoo does, so whatever listens to the select hears it; a
 * change made to the select itself (autofill, a script) shows in the combobox.
 */
export function SearchableSelect({
  select,
  placeholder,
  options,
  defaultValue,
  labelId,
  clearable = false,
}: SearchableSelectProps) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [value, setValue] = useState(defaultValue);
  const [typed, setTyped] = useState('');
  const items = useMemo(
    () => options.map((option) => ({ id: option.value, ...option })),
    [options],
  );

  useEffect(() => {
    const element = selectRef.current;
    if (!element) return;
    setHydrated(true);
    setValue(element.value);
    const follow = () => setValue(element.value);
    element.addEventListener('change', follow);
    // The field's label points at the select: a click on it goes to the search field instead.
    const label = element.id
      ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)
      : null;
    const toSearch = (event: Event) => {
      event.preventDefault();
      inputRef.current?.focus();
    };
    label?.addEventListener('click', toSearch);
    return () => {
      element.removeEventListener('change', follow);
      label?.removeEventListener('click', toSearch);
    };
  }, []);

  const choose = (key: string) => {
    const element = selectRef.current;
    setValue(key);
    if (!element || element.value === key) return;
    element.value = key;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const chosenLabel = options.find((option) => option.value === value)?.label;
  const invalid = select['aria-invalid'] === true || select['aria-invalid'] === 'true';
  return (
    <>
      <select
        {...select}
        ref={selectRef}
        defaultValue={defaultValue}
        className={`${select.className ?? ''}${hydrated ? ' select2-hidden-accessible' : ''}`}
        aria-hidden={hydrated || undefined}
        tabIndex={hydrated ? -1 : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hydrated && (
        <ComboBox
          className="searchable-select"
          aria-labelledby={labelId}
          defaultItems={items}
          selectedKey={value === '' ? null : value}
          onSelectionChange={(key: Key | null) => {
            if (key !== null) choose(String(key));
          }}
          onInputChange={setTyped}
          menuTrigger="focus"
          allowsEmptyCollection
          isDisabled={select.disabled}
          isInvalid={invalid}
        >
          <SearchControl chosenLabel={chosenLabel}>
            <Input
              ref={inputRef}
              className="input-text searchable-select-input"
              placeholder={placeholder}
              aria-describedby={select['aria-describedby']}
              aria-required={select['aria-required']}
              autoComplete="off"
              // Typing replaces the chosen name, as in selectWoo's empty search field (only the
              // chosen name: focus can come back mid-typing while the list opens).
              onFocus={(event) => {
                if (event.currentTarget.value === chosenLabel) event.currentTarget.select();
              }}
            />
            {clearable && value !== '' && (
              <button
                type="button"
                className="searchable-select-clear"
                aria-label={messages.dropdown.removeAllItems}
                onClick={() => {
                  choose('');
                  inputRef.current?.focus();
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
            <Button className="searchable-select-button" aria-label={messages.dropdown.showOptions}>
              <span aria-hidden="true">▾</span>
            </Button>
          </SearchControl>
          <Popover
            className="searchable-select-popover"
            placement="bottom start"
            offset={2}
            maxHeight={288}
          >
            <ListBox
              className="searchable-select-options"
              renderEmptyState={() => (
                <p className="searchable-select-notice" role="status">
                  {dropdownNotice({ input: typed, matches: 0 })}
                </p>
              )}
            >
              {(option: SelectOption) => (
                <ListBoxItem
                  id={option.value}
                  textValue={option.label}
                  className="searchable-select-option"
                >
                  {option.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
    </>
  );
}
