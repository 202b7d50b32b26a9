import { useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../platform/messages/index.ts';
import {
  addressFields,
  fieldProblem,
  problemMessage,
  type AddressField,
  type AddressKind,
  type FieldError,
  type FieldProblem,
} from '../platform/address/address.ts';
import { defaultCountry, findState } from '../platform/address/countries.ts';
import { SearchableSelect } from './searchable-select.tsx';

/** What the parent hears of typing and choosing in an address field. */
export interface AddressInputEvent {
  name: string;
  type: 'input' | 'change';
  value: string;
}

export interface AddressFieldsProps {
  kind: AddressKind;
  /** Initial values by form name (`billing_city`), e.g. after a failed post without JavaScript. */
  values: Record<string, string>;
  /** The server's errors; those naming this section's fields show as invalid. */
  errors: FieldError[];
  onCountryChange?: (country: string) => void;
  onAddressInput?: (event: AddressInputEvent) => void;
  disabled?: boolean;
}

/** A field's state: invalid with its words, or checked and fine. */
type Mark = { problem: FieldProblem | 'other'; message: string } | 'validated';
type Marks = Record<string, Mark | undefined>;

/** Their inputs change with the country, so their marks go with it. */
const localeKeys: readonly string[] = ['city', 'state', 'postcode'];

const problems: readonly FieldProblem[] = ['required', 'email', 'phone', 'postcode'];

const problemClass: Record<FieldProblem | 'other', string> = {
  required: 'woocommerce-invalid-required-field',
  email: 'woocommerce-invalid-email',
  phone: 'woocommerce-invalid-phone',
  postcode: 'woocommerce-invalid-postcode',
  other: '',
};

function liveMark(kind: AddressKind, field: AddressField, value: string | boolean): Mark {
  const problem = fieldProblem(value, field);
  return problem ? { problem, message: problemMessage(kind, field, problem) } : 'validated';
}

/** The server's error on a field, its problem recognised by its words. */
function serverMarks(kind: AddressKind, fields: AddressField[], errors: FieldError[]): Marks {
  const marks: Marks = {};
  for (const { field: name, message } of errors) {
    const field = fields.find((f) => f.name === name);
    if (!field || marks[name]) continue;
    const problem = problems.find((p) => problemMessage(kind, field, p) === message);
    marks[name] = { problem: problem ?? 'other', message };
  }
  return marks;
}

/**
 * Which mark each field shows: a problem the live check found; else the server's error until
 * the field is edited (new server errors show again); else the live check's `validated`.
 */
function useMarks(kind: AddressKind, fields: AddressField[], errors: FieldError[]) {
  const [live, setLive] = useState<Marks>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [seenErrors, setSeenErrors] = useState(errors);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    setEdited(new Set());
  }
  const server = useMemo(() => serverMarks(kind, fields, errors), [kind, fields, errors]);
  const markOf = (field: AddressField): Mark | undefined => {
    const found = live[field.name];
    if (field.hidden) return undefined;
    if (found && found !== 'validated') return found;
    return (edited.has(field.name) ? undefined : server[field.name]) ?? found;
  };
  const update = useMemo(
    () => ({
      check: (name: string, mark: Mark) => setLive((marks) => ({ ...marks, [name]: mark })),
      /** Typing clears a field's marks, the server's too. */
      clear: (names: string[]) => {
        setLive((marks) => ({ ...marks, ...Object.fromEntries(names.map((n) => [n, undefined])) }));
        setEdited((done) => new Set([...done, ...names]));
      },
    }),
    [],
  );
  return { markOf, ...update };
}

function rowClassName(field: AddressField, mark: Mark | undefined): string {
  const locale = ['country', 'address_1', 'address_2', ...localeKeys].includes(field.key);
  return [
    'form-row',
    field.layout,
    locale && 'address-field',
    field.key === 'country' && 'update_totals_on_change',
    field.required && 'validate-required',
    field.format && `validate-${field.format}`,
    field.key === 'state' && 'validate-state',
    field.key === 'postcode' && 'validate-postcode',
    mark === 'validated' && 'woocommerce-validated',
    mark && mark !== 'validated' && 'woocommerce-invalid',
    mark && mark !== 'validated' && problemClass[mark.problem],
  ]
    .filter(Boolean)
    .join(' ');
}

function FieldLabel({ field }: { field: AddressField }) {
  return (
    <label
      htmlFor={field.name}
      // A select's label names its search field too (searchable-select.tsx).
      id={field.input === 'select' ? `${field.name}_label` : undefined}
      className={field.labelHidden ? 'screen-reader-text visually-hidden' : undefined}
    >
      {field.label}&nbsp;
      {field.required ? (
        <abbr className="required" title={messages.fieldRequiredTitle}>
          *
        </abbr>
      ) : (
        <span className="optional">{messages.fieldOptional}</span>
      )}
    </label>
  );
}

interface ControlProps {
  field: AddressField;
  value: string;
  invalid: boolean;
  disabled?: boolean;
}

function FieldControl({ field, value, invalid, disabled }: ControlProps) {
  const common = {
    id: field.name,
    name: field.name,
    autoComplete: field.autocomplete,
    disabled,
    // The browser may insist on what every country needs; the rest the country decides.
    required: field.required && !localeKeys.includes(field.key),
    'aria-required': field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${field.name}_description` : undefined,
  };
  if (field.input === 'hidden')
    return <input type="hidden" id={field.name} name={field.name} value="" />;
  if (field.input === 'select') {
    const country = field.key === 'country';
    return (
      <SearchableSelect
        select={{
          ...common,
          className: country ? 'country_to_state country_select' : 'state_select',
        }}
        placeholder={country ? messages.selectCountryOption : messages.selectStateOption}
        options={field.options ?? []}
        defaultValue={value}
        labelId={`${field.name}_label`}
        clearable={!field.required}
      />
    );
  }
  return (
    <input
      {...common}
      type={field.input}
      className="input-text"
      placeholder={field.placeholder}
      defaultValue={value}
    />
  );
}

/** The form's value for a field; the state's only while the country is still the first one. */
function initialValue(
  field: AddressField,
  values: Record<string, string>,
  country: { first: string; now: string },
) {
  const value = values[field.name] ?? '';
  if (field.key === 'country') return value || defaultCountry;
  if (field.key !== 'state') return value;
  if (country.now !== country.first) return '';
  return field.input === 'select' ? (findState(country.now, value)?.code ?? value) : value;
}

function valueOf(target: HTMLInputElement | HTMLSelectElement): string | boolean {
  return target instanceof HTMLInputElement && target.type === 'checkbox'
    ? target.checked
    : target.value;
}

/**
 * One address section (billing or shipping) for the chosen country, in WooCommerce's markup.
 * Works server-rendered without JavaScript (uncontrolled fields); once hydrated, a country change
 * turns the state into a select, text or hidden input and relabels the fields, and each field is
 * checked live (seed 001 §5): on input its marks clear and a valid value is marked validated, on
 * change, focusout and `validate` it is checked. See `revalidateAddressFields`.
 */
export function AddressFields({
  kind,
  values,
  errors,
  onCountryChange,
  onAddressInput,
  disabled,
}: AddressFieldsProps) {
  const [firstCountry] = useState(values[`${kind}_country`] || defaultCountry);
  const [country, setCountry] = useState(firstCountry);
  const fields = useMemo(() => addressFields(kind, country), [kind, country]);
  const { markOf, check, clear } = useMarks(kind, fields, errors);
  const wrapper = useRef<HTMLDivElement>(null);

  // A country chosen before the page's JavaScript came: once hydrated, the fields follow it.
  const hydrated = useRef(false);
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    const select = wrapper.current?.querySelector<HTMLSelectElement>(
      `select[name="${kind}_country"]`,
    );
    const chosen = select?.value;
    if (!chosen || chosen === firstCountry) return;
    setCountry(chosen);
    onCountryChange?.(chosen);
  }, [kind, firstCountry, onCountryChange]);

  useEffect(() => {
    const changeCountry = (next: string) => {
      setCountry(next);
      clear(localeKeys.map((key) => `${kind}_${key}`));
      onCountryChange?.(next);
    };
    const onEvent = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
      const field = fields.find((f) => f.name === target.name);
      if (!field) return;
      if (event.type === 'input') {
        clear([field.name]);
        // Checked on input too (seed 001 §5): a valid value shows as such at once; a problem
        // waits until the shopper leaves the field, so nobody is told off mid-word.
        const mark = liveMark(kind, field, valueOf(target));
        if (mark === 'validated') check(field.name, mark);
        // Typing, as WooCommerce queues it; a select's choice arrives as its change.
        if (target instanceof HTMLInputElement)
          onAddressInput?.({ name: field.name, type: 'input', value: target.value });
        return;
      }
      if (event.type === 'change') {
        if (field.key === 'country') changeCountry(target.value);
        onAddressInput?.({ name: field.name, type: 'change', value: target.value });
      }
      check(field.name, liveMark(kind, field, valueOf(target)));
    };
    const element = wrapper.current;
    const types = ['input', 'change', 'focusout', 'validate'];
    for (const type of types) element?.addEventListener(type, onEvent);
    return () => {
      for (const type of types) element?.removeEventListener(type, onEvent);
    };
  }, [kind, fields, check, clear, onCountryChange, onAddressInput]);

  return (
    <div
      ref={wrapper}
      className={`woocommerce-${kind}-fields__field-wrapper form-grid`}
      data-address-fields={kind}
    >
      {fields.map((field) => {
        const current = markOf(field);
        const invalid = current !== undefined && current !== 'validated';
        return (
          <p
            key={field.name}
            className={rowClassName(field, current)}
            id={`${field.name}_field`}
            data-priority={field.priority}
            hidden={field.hidden}
          >
            <FieldLabel field={field} />
            <span className="woocommerce-input-wrapper">
              <FieldControl
                // A new country brings a new state input, empty or offering its own states.
                key={field.key === 'state' ? `${country}-${field.input}` : field.name}
                field={field}
                value={initialValue(field, values, { first: firstCountry, now: country })}
                invalid={invalid}
                disabled={disabled}
              />
            </span>
            {invalid && (
              <span
                className="checkout-inline-error-message field-error"
                id={`${field.name}_description`}
              >
                {current.message}
              </span>
            )}
          </p>
        );
      })}
    </div>
  );
}

/**
 * Seed 001 §8: after a failed submit every address field is checked again. Sends each field of
 * the address sections under `root` the `validate` event the sections listen for.
 */
export function revalidateAddressFields(root: ParentNode): void {
  const controls = root.querySelectorAll<HTMLElement>(
    '[data-address-fields] input:not([type="hidden"]), [data-address-fields] select',
  );
  for (const control of controls) control.dispatchEvent(new Event('validate', { bubbles: true }));
}
