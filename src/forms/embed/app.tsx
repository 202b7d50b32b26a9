import { createRoot } from 'react-dom/client';
import type { AddressLists } from '../address-lists.ts';
import type { FormDefinition } from '../definition.ts';
import { formPages } from '../form-pages.ts';
import { partOfPayment } from '../payments/totals.ts';
import { publishLegacyApi } from '../ui/legacy-api.ts';
import { emptyFormState } from '../ui/form-renderer.tsx';
import formStyles from '../ui/forms.css?inline';
import uiStyles from '../ui/forms-ui.css?inline';
import { LiveForm } from '../ui/live-form.tsx';
import { uiTexts } from '../ui/texts.ts';
import embedStyles from './embed.css?inline';
import { showPaymentFields } from './payment-fields-shim.tsx';

/**
 * embed.js's module (CONTRACT §6): fetches the form from the shop and renders it, with its
 * runtime, inside a shadow root on the host element, so that the host page's styles do not reach
 * the form and the form's do not reach the page. Built against Preact through preact/compat.
 */
interface EmbedData {
  form: FormDefinition;
  token: string;
  startTimestamp: number;
  publishableKey: string;
  addressLists?: AddressLists;
}

export async function mountForm(host: HTMLElement, formId: string, shopOrigin: string) {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // Constructed style sheets: no <style> element for a host page's CSP to refuse.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${embedStyles}\n${formStyles}\n${uiStyles}`);
  shadow.adoptedStyleSheets = [sheet];
  const mount = document.createElement('div');
  mount.className = 'shop-form-embed-root';
  shadow.replaceChildren(mount);
  publishLegacyApi();

  let paymentFields: Promise<void> | undefined;
  const renderPaymentFields = () =>
    (paymentFields ??= import('./payment-parts.ts').then(({ parts, paymentStyles }) => {
      const paymentSheet = new CSSStyleSheet();
      paymentSheet.replaceSync(paymentStyles);
      shadow.adoptedStyleSheets = [sheet, paymentSheet];
      return showPaymentFields(parts);
    }));

  let data: EmbedData;
  try {
    const response = await fetch(`${shopOrigin}/forms/${encodeURIComponent(formId)}/embed.json`, {
      credentials: 'omit',
    });
    if (!response.ok) throw new Error(`embed.json answered ${response.status}`);
    data = (await response.json()) as EmbedData;
  } catch (error) {
    console.error(error);
    const note = document.createElement('p');
    note.className = 'wpforms-container';
    note.textContent = uiTexts.embedLoadFailed;
    mount.replaceChildren(note);
    return;
  }
  // A form that shows payment fields on its first page renders with them.
  if (formPages(data.form)[0]!.fields.some(partOfPayment)) await renderPaymentFields();
  createRoot(mount).render(
    <LiveForm
      startEnhanced
      env={() => ({
        ajaxUrl: `${shopOrigin}/admin-ajax`,
        shopOrigin,
        consent: window.shopConsent,
        secure: window.location.protocol === 'https:',
        publishableKey: data.publishableKey,
        renderPaymentFields,
      })}
      form={data.form}
      state={emptyFormState}
      action={`${shopOrigin}/forms/${data.form.id}/`}
      token={data.token}
      startTimestamp={data.startTimestamp}
      pageUrl={window.location.href}
      challengeUrl={`${shopOrigin}/forms/altcha-challenge`}
      addressLists={data.addressLists}
    />,
  );
}
