/**
 * A rendered page's JavaScript, fetched once the page has loaded instead of beside its HTML.
 *
 * React Router writes a `modulepreload` link for every module of the page and a module script
 * that imports the route modules at once: on a slow phone those ~150 KB of JavaScript share the
 * network with the stylesheet and the product photo, and the first paint and the largest one wait
 * for them. The page needs none of it to be read or used (every page works without JavaScript),
 * so its modules are asked for after the `load` event: the same links, added then, and the route
 * modules imported dynamically. Hydration follows as before (entry.client).
 *
 * The shapes matched are React Router's (pinned, see entry.server); a page whose markup does not
 * have them is left as it is, and render.test.tsx fails should the build's stop matching.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /import \* as (route\d+) from ("[^"]+");/g;

export function scriptsAfterLoad(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const routes = [...body.matchAll(ROUTE_IMPORT)].map(([, name, specifier]) => ({
    name: name!,
    specifier: specifier!,
  }));
  if (routes.length === 0) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const deferred = [
    warmIntlOffThread,
    afterLoad,
    preload(modules),
    `const [${routes.map((r) => r.name).join(', ')}] = await Promise.all([${routes
      .map((r) => `import(${r.specifier})`)
      .join(', ')}]);`,
    body.replace(ROUTE_IMPORT, ''),
  ].join('\n');
  return html.replace(whole, () => open + deferred + close).replace(MODULE_PRELOAD, '');
}

/**
 * A browser builds ICU's data and locale caches on the first `Intl` call of its process: 50 to 190
 * ms of a fast machine's main thread (several times that on a phone), paid in one block when React
 * Aria's modules read the default locale and the page formats its first price while hydrating.
 * Those caches are shared by the page's workers, so a throwaway worker makes the same calls on
 * another thread while the page loads, and hydration finds them built. Best effort: a browser
 * without workers just pays on the main thread as before.
 */
const warmIntlOffThread =
  'try { const worker = new Worker(URL.createObjectURL(new Blob([' +
  JSON.stringify(
    'onmessage = ({ data: tags }) => { Intl.DateTimeFormat.supportedLocalesOf(tags);' +
      ' for (const tag of tags) { new Intl.Locale(tag).maximize();' +
      ' new Intl.NumberFormat(tag, { style: "currency", currency: "USD" }).format(1);' +
      ' new Intl.DateTimeFormat(tag, { dateStyle: "long" }).format(0);' +
      ' new Intl.PluralRules(tag).select(1); new Intl.Collator(tag).compare("a", "b"); }' +
      ' close(); };',
  ) +
  '], { type: "text/javascript" })));' +
  ' worker.postMessage([...new Set([navigator.language, document.documentElement.lang].filter(Boolean))]);' +
  ' } catch {}';

/** Resolves a tick after the page's `load` event (at once when it has already fired). */
const afterLoad =
  'await new Promise((go) => { const later = () => setTimeout(go, 0);' +
  ' if (document.readyState === "complete") later();' +
  ' else addEventListener("load", later, { once: true }); });';

/** The page's modules asked for together, as the links React Router wrote would have. */
function preload(modules: string[]): string {
  const list = JSON.stringify(modules).replace(/</g, '\\u003c');
  return (
    `for (const href of ${list}) { const link = document.createElement("link");` +
    ' link.rel = "modulepreload"; link.href = href; document.head.append(link); }'
  );
}
