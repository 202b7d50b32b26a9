import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part whose code loads the first time it opens (a dialog, a panel): `prefetch` fetches it ahead
 * of the click (on hover or focus of what opens it; a failure is tried again on opening); `Part`
 * renders it once fetched. When the code cannot be fetched the visitor goes to `fallbackUrl`, the
 * page that offers the same without it.
 */
export function loadedOnFirstOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallbackUrl: string,
): { prefetch: () => void; Part: ComponentType<P> } {
  let code: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (code ??= load().catch((error: unknown) => {
      code = undefined;
      throw error;
    }));
  const Part = lazy(() =>
    preload().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(error);
        window.location.assign(fallbackUrl);
        return { default: (() => null) as ComponentType<P> };
      },
    ),
  );
  const prefetch = () => void preload().catch(() => {});
  return { prefetch, Part };
}

/** Renders `children` from the first time `open` is true on, so a closed part keeps its state. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
