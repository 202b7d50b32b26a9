import { describe, expect, it } from 'vitest';
import { scriptsAfterLoad } from './scripts-after-load.ts';

/** The shapes React Router writes: hoisted preload links, then its module script. */
const page = [
  '<!DOCTYPE html><html><head>',
  '<link rel="stylesheet" href="/assets/site.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/product-C.js" nonce="n0"/>',
  '</head><body><main>Classic Hoodie</main>',
  '<script nonce="n0">window.__reactRouterContext = {};</script>',
  '<script nonce="n0" type="module" async="">;',
  'import * as route0 from "/assets/root-D.js";',
  'import * as route1 from "/assets/product-C.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"product":route1};',
  '',
  'import("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('\n');

describe('a page asking for its scripts after load', () => {
  const rewritten = scriptsAfterLoad(page);
  const moduleScript = /<script nonce="n0" type="module" async="">([^]*?)<\/script>/.exec(
    rewritten,
  )![1]!;

  it('sends no module preload with the HTML', () => {
    expect(rewritten).not.toContain('rel="modulepreload"');
    expect(rewritten).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
  });

  it('waits for the load event, then preloads the same modules and imports the routes', () => {
    const waits = moduleScript.indexOf('addEventListener("load"');
    const preloads = moduleScript.indexOf(
      '["/assets/entry.client-A.js","/assets/framework-B.js","/assets/product-C.js"]',
    );
    const imports = moduleScript.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/product-C.js")]);',
    );
    const entry = moduleScript.indexOf('import("/assets/entry.client-A.js");');
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    expect(entry).toBeGreaterThan(imports);
    expect(moduleScript).not.toMatch(/import \* as/);
    expect(moduleScript).toContain('window.__reactRouterRouteModules = {"root":route0');
  });

  it('starts a worker that makes the first Intl calls before the page waits for its load', () => {
    const worker = moduleScript.indexOf('new Worker(');
    expect(worker).toBeGreaterThan(-1);
    expect(worker).toBeLessThan(moduleScript.indexOf('addEventListener("load"'));
    expect(moduleScript).toContain('Intl.DateTimeFormat.supportedLocalesOf(tags)');
    expect(moduleScript).toContain('new Intl.Locale(tag).maximize()');
  });

  it('leaves the rest of the page and its other scripts as they were', () => {
    expect(rewritten).toContain('<main>Classic Hoodie</main>');
    expect(rewritten).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
  });

  it('leaves a page without React Router’s module script untouched', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>';
    expect(scriptsAfterLoad(plain)).toBe(plain);
    const noRoutes = page.replace(/import \* as route\d+ from "[^"]+";/g, '');
    expect(scriptsAfterLoad(noRoutes)).toBe(noRoutes);
  });
});
