import { format } from '../../platform/messages/format.ts';
import { uiTexts } from './texts.ts';

/**
 * Seed 002 §1: the older phone and entry-preview functions stay callable on `window.wpforms`;
 * each only writes a console warning and forwards to its successor (`window.WPFormsPhoneField`,
 * `window.WPFormsEntryPreview`), when the page has one.
 */
type Forward = (...args: unknown[]) => unknown;

const DEPRECATED: [name: string, owner: string, method: string][] = [
  ['loadSmartPhoneField', 'WPFormsPhoneField', 'loadSmartField'],
  ['bindSmartPhoneField', 'WPFormsPhoneField', 'bindSmartField'],
  ['repairSmartPhoneHiddenField', 'WPFormsPhoneField', 'repairSmartHiddenField'],
  ['fixPhoneFieldSnippets', 'WPFormsPhoneField', 'fixPhoneFieldSnippets'],
  ['entryPreviewFieldPageChange', 'WPFormsEntryPreview', 'pageChange'],
  ['entryPreviewFieldUpdate', 'WPFormsEntryPreview', 'update'],
];

export function deprecatedFunctions(
  target: Record<string, unknown>,
  scope: Record<string, unknown>,
) {
  for (const [name, owner, method] of DEPRECATED) {
    target[name] ??= (...args: unknown[]) => {
      console.warn(format(uiTexts.deprecated, { name, replacement: `${owner}.${method}` }));
      const successor = (scope[owner] as Record<string, Forward> | undefined)?.[method];
      return typeof successor === 'function' ? successor(...args) : undefined;
    };
  }
}

declare global {
  interface Window {
    wpforms?: Record<string, unknown>;
  }
}

/** Publishes `window.wpforms` (once per page, whoever loads first: the page or an embed). */
export function publishLegacyApi(extra: Record<string, unknown> = {}): void {
  const api = (window.wpforms ??= {});
  Object.assign(api, { ...extra, ...api });
  deprecatedFunctions(api, window as unknown as Record<string, unknown>);
}
