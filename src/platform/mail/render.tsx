import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.browser';

/** A mail's two bodies: what mail programs show, and the plain text beside it. */
export interface RenderedMail {
  html: string;
  text: string;
}

/**
 * Renders a mail (a React element, usually inside `MailLayout`) to HTML on the server, and its
 * plain-text twin from that HTML: tables stay tables, links show their address. (html-to-text is
 * loaded on the first mail, not at every start.)
 */
export async function renderMail(element: ReactElement): Promise<RenderedMail> {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
  const { convert } = await import('html-to-text');
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      {
        selector: 'table.mail-data',
        format: 'dataTable',
        options: { uppercaseHeaderCells: false },
      },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: '.mail-banner', format: 'skip' },
    ],
  });
  return { html, text: `${text.trim()}\n` };
}
