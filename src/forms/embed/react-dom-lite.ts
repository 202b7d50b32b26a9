import { render, type ComponentChild } from 'preact';

/**
 * In embed.js, `react-dom/client` is this for the shop's own code: `createRoot` over Preact's
 * `render` (see react-lite.ts for why not preact/compat).
 */
export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
