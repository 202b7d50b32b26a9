import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The page the server sent is painted before React hydrates it: a slow phone shows the product
 * first and runs React's work after. Hydration starts once the browser reports its first
 * contentful paint (at once for a page nobody sees, which never paints).
 */
function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

function afterFirstPaint(run: () => void): void {
  if (document.visibilityState === 'hidden' || !('PerformanceObserver' in window)) return run();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    setTimeout(run, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
}

afterFirstPaint(hydrate);
