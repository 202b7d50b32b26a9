/**
 * `/forms/embed.js` (CONTRACT §6): the tag's tiny classic script. It puts a host element where
 * the tag stands and loads the embed's module (`/forms/embed/app.js`, which renders the form in
 * the host's shadow root) from the same shop the tag came from. Kept apart from the module so
 * the tag works as a plain `<script async>` and the module's chunks can be cached for good.
 */
interface EmbedApp {
  mountForm(host: HTMLElement, formId: string, shopOrigin: string): Promise<void>;
}

const script = document.currentScript as HTMLScriptElement | null;
const formId = script?.dataset.form ?? '';
if (script && /^[a-z0-9][a-z0-9-]{0,62}$/.test(formId)) {
  const shop = new URL(script.src, document.baseURI);
  const host = document.createElement('div');
  host.className = 'shop-form-embed';
  host.dataset.form = formId;
  script.before(host);
  const app = new URL('embed/app.js', shop).href;
  (import(/* @vite-ignore */ app) as Promise<EmbedApp>)
    .then((module) => module.mountForm(host, formId, shop.origin))
    .catch((error: unknown) => console.error('Form embed failed to load', error));
} else {
  console.error('Form embed: the script tag needs data-form="{formId}"');
}
