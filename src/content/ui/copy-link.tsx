import { useEffect, useRef, useState } from 'react';
import { COPY_NOTE_MS } from '../../platform/constants/index.ts';
import { contentMessages } from '../../platform/messages/content.ts';

/**
 * `Copy link` (seed 000 §2, §8, §9): copies the page's address; a success note shows for 2 s in
 * a polite status region, a failure is only logged.
 */
export function CopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch (error) {
      console.error('Copy link failed', error);
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_NOTE_MS);
  }

  return (
    <div className="copy-link">
      <button type="button" className="button copy-link-button" onClick={copy}>
        {contentMessages.copyLink}
      </button>
      <p className="copy-link-note" role="status">
        {copied && contentMessages.linkCopied}
      </p>
    </div>
  );
}
