import { useEffect, useState } from 'react';

/** One polite live region for the whole page; `announce` speaks a message to screen readers. */
let speak: ((text: string) => void) | undefined;

export function announce(text: string): void {
  speak?.(text);
}

export function LiveRegion() {
  const [text, setText] = useState('');
  useEffect(() => {
    speak = (message) => {
      setText('');
      window.setTimeout(() => setText(message), 50);
    };
    return () => {
      speak = undefined;
    };
  }, []);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
