import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DayPicker } from 'react-day-picker';
import pickerStyles from 'react-day-picker/style.css?inline';
import { uiTexts } from '../texts.ts';
import { isDayChoosable } from './date-format.ts';

/**
 * The date picker (react-day-picker 10), loaded the first time a date field's picker opens: a
 * dialog with the month, the days the field's `limit-days` allow, and a clear button (seed 002
 * §2). It renders through React on the form page and through Preact inside embed.js (preact/compat
 * for react-day-picker, loaded with this chunk).
 */
export interface DatePickerOptions {
  value: Date | undefined;
  limitDays: readonly string[];
  onChoose(date: Date): void;
  onClear(): void;
  onClose(): void;
}

function DatePicker(options: DatePickerOptions) {
  const [month, setMonth] = useState(options.value ?? new Date());
  return (
    <div
      className="wpforms-datepicker"
      role="dialog"
      aria-label={uiTexts.chooseDate}
      onKeyDown={(event) => {
        if (event.key === 'Escape') options.onClose();
      }}
    >
      <DayPicker
        mode="single"
        autoFocus
        month={month}
        onMonthChange={setMonth}
        selected={options.value}
        onSelect={(date) => (date ? options.onChoose(date) : options.onClear())}
        disabled={(date: Date) => !isDayChoosable(date, options.limitDays)}
      />
      <div className="wpforms-datepicker-actions">
        <button type="button" className="wpforms-datepicker-clear" onClick={options.onClear}>
          {uiTexts.clearDate}
        </button>
        <button type="button" className="wpforms-datepicker-close" onClick={options.onClose}>
          {uiTexts.closePicker}
        </button>
      </div>
    </div>
  );
}

let sheet: CSSStyleSheet | undefined;

/**
 * react-day-picker's styles, adopted once by the document or the embed's shadow root the picker
 * opens in: a constructed sheet, so no `<style>` element for a page's CSP to refuse.
 */
function adoptPickerStyles(host: HTMLElement): void {
  const root = host.getRootNode();
  if (!(root instanceof Document || root instanceof ShadowRoot)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(pickerStyles);
  }
  if (!root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Shows the picker in `host`; the returned function takes it away. */
export function openDatePicker(host: HTMLElement, options: DatePickerOptions): () => void {
  adoptPickerStyles(host);
  const root = createRoot(host);
  root.render(<DatePicker {...options} />);
  return () => root.unmount();
}
