import { useId, useState } from 'react';
import { HINT_SLIDE_MS } from '../../platform/constants/index.ts';
import { contentMessages } from '../../platform/messages/content.ts';
import { format } from '../../platform/messages/format.ts';

/**
 * A description hint (seed 000 §4, §9): `Details` slides the text in and out over 250 ms
 * (content.css; no motion for those who ask for less). Without JavaScript the text is shown.
 */
export function DescriptionHint({ name, text }: { name: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text === '') return null;
  return (
    <div
      className="description-hint"
      data-open={open ? 'true' : 'false'}
      style={{ '--hint-slide-ms': `${HINT_SLIDE_MS}ms` } as React.CSSProperties}
    >
      <button
        type="button"
        className="description-hint-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={format(contentMessages.showDetailsOf, { name })}
        onClick={() => setOpen(!open)}
      >
        {contentMessages.showDetails}
      </button>
      <div className="description-hint-slide" id={id}>
        <p className="description-hint-text">{text}</p>
      </div>
    </div>
  );
}
