import { useEffect, useRef, useState } from 'react';
import { FormRenderer, type FormRendererProps } from './form-renderer.tsx';
import { hideConfirmationLater } from './confirmation.ts';
import type { RuntimeEnv } from './context.ts';

/**
 * The form with its browser runtime: the renderer as the server wrote it first (so hydration
 * matches), then, once in the browser, every page rendered (`enhanced`) and the runtime attached
 * (runtime.ts, loaded apart from the page's first JavaScript). The form page and embed.js both
 * render this.
 */
export interface LiveFormProps extends FormRendererProps {
  /** Where the runtime runs (called in the browser only). */
  env: () => RuntimeEnv;
  /** embed.js renders in the browser only: it starts enhanced. */
  startEnhanced?: boolean;
}

export function LiveForm({ env, startEnhanced = false, ...props }: LiveFormProps) {
  const [enhanced, setEnhanced] = useState(startEnhanced);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => setEnhanced(true), []);
  // A confirmation the server rendered (a post without the ajax submit) hides as the runtime's does.
  useEffect(() => {
    const shown = holder.current?.querySelector<HTMLElement>('.wpforms-confirmation-container');
    return shown ? hideConfirmationLater(shown) : undefined;
  }, [props.state.confirmation]);
  useEffect(() => {
    const form = holder.current?.querySelector('form');
    if (!enhanced || !form) return undefined;
    let detach: (() => void) | undefined;
    let gone = false;
    void import('./runtime.ts').then(({ attachForm }) => {
      if (!gone) detach = attachForm(form, props.form, env()).detach;
    });
    return () => {
      gone = true;
      detach?.();
    };
    // The runtime attaches once per form; later prop changes are the runtime's to show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enhanced, props.form.id]);
  return (
    <div ref={holder} className="wpforms-live">
      <FormRenderer {...props} enhanced={enhanced} />
    </div>
  );
}
