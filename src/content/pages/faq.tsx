import type { PageLoaderArgs } from '../../page-context.ts';
import { useId, useState } from 'react';
import type { MetaFunction } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import { faqGroupsShown, faqNumber, type FaqEntry, type FaqGroup } from '../content.ts';
import { faqContent } from '../operations.ts';
import { faqFilter } from '../schemas.ts';
import faqStylesheet from './faq.css?url';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

export const links = () => [stylesheetLink(faqStylesheet)];

export const meta: MetaFunction = () => [
  { title: `FAQ – ${messages.shopName}` },
  { name: 'description', content: messages.faqIntro },
];

/** Every group (the page filters in the browser) and the filter asked for in the address. */
export async function loader({ context, request }: PageLoaderArgs) {
  const filter = faqFilter.parse(new URL(request.url).searchParams.get('group'));
  return { groups: await faqContent(context.shop.content), filter };
}

function Entry({ entry, number }: { entry: FaqEntry; number: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="faq-entry">
      <h3 className="faq-question">
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen(!open)}
        >
          <span className="faq-number">{number}</span>
          <span className="faq-question-text">{entry.question}</span>
          <span className="faq-chevron" aria-hidden="true" />
        </button>
      </h3>
      <div
        id={`${id}-answer`}
        className="faq-answer"
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
      >
        <p>{entry.answer}</p>
      </div>
    </li>
  );
}

function Group({ group }: { group: FaqGroup }) {
  return (
    <section
      className="faq-group"
      id={`faq-${group.slug}`}
      aria-labelledby={`faq-${group.slug}-heading`}
    >
      <h2 id={`faq-${group.slug}-heading`}>{group.name}</h2>
      <ol className="faq-entries">
        {group.entries.map((entry, index) => (
          <Entry key={entry.id} entry={entry} number={faqNumber(index)} />
        ))}
      </ol>
    </section>
  );
}

/**
 * The FAQ (seed 000 §2): filter buttons named after their group show that group's numbered
 * accordion. The filters are a GET form, so without JavaScript they still work (and every group
 * and answer is readable); with it they filter in place and keep the address in step.
 */
export default function Faq({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  const { groups } = loaderData;
  const [filter, setFilter] = useState(loaderData.filter);
  const shown = faqGroupsShown(groups, filter);
  const current = shown.length === 1 && groups.length > 1 ? shown[0]!.slug : null;

  function choose(event: React.MouseEvent<HTMLButtonElement>, slug: string | null) {
    event.preventDefault();
    setFilter(slug);
    const url = new URL(window.location.href);
    if (slug) url.searchParams.set('group', slug);
    else url.searchParams.delete('group');
    window.history.replaceState(window.history.state, '', url);
  }

  return (
    <div className="faq">
      <h1>{messages.faqTitle}</h1>
      <p>{messages.faqIntro}</p>
      {groups.length === 0 ? (
        <p>{messages.faqEmpty}</p>
      ) : (
        <>
          <form method="get" action="/faq/" className="faq-filters" aria-label={messages.faqTopics}>
            <button
              type="submit"
              name="group"
              value=""
              className="button button-small"
              aria-pressed={current === null}
              onClick={(event) => choose(event, null)}
            >
              {messages.faqAllTopics}
            </button>
            {groups.map((group) => (
              <button
                key={group.slug}
                type="submit"
                name="group"
                value={group.slug}
                className="button button-small"
                aria-pressed={current === group.slug}
                onClick={(event) => choose(event, group.slug)}
              >
                {group.name}
              </button>
            ))}
          </form>
          {shown.map((group) => (
            <Group key={group.slug} group={group} />
          ))}
        </>
      )}
    </div>
  );
}
