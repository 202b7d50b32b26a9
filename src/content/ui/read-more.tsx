import { useId, useState } from 'react';
import { contentMessages } from '../../platform/messages/content.ts';

/**
 * The read-more toggle (seed 000 §2): a lead always shown, the rest behind `Read more` / `Hide`.
 * Without JavaScript the rest is shown and the button is not (content.css, `scripting: none`).
 */
export function ReadMore({ lead, more }: { lead: React.ReactNode; more: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="read-more">
      {lead}
      <div id={id} className="read-more-rest" hidden={!open}>
        {more}
      </div>
      <button
        type="button"
        className="button button-small read-more-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? contentMessages.readLess : contentMessages.readMore}
      </button>
    </div>
  );
}
