import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.browser';

/** A mail's two bodies: what mail programs show, and the plain text beside it. */
export interface RenderedMail {
  html: string;
  text: string;
}

/** How a mail's HTML becomes its plain text. */
const PLAIN_TEXT_OPTIONS = {
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
};

/**
 * html-to-text's converter for those options, built once: its `convert` parses every selector
 * and builds its decision tree on each call, three quarters of the plain text's cost (a quarter
 * of a stored form entry's CPU, with its notification). Loaded on the first mail, not at start.
 */
let plainTextConverter: Promise<(html: string) => string> | undefined;
const toPlainText = () =>
  (plainTextConverter ??= import('html-to-text').then(
    ({ compile }) => compile(PLAIN_TEXT_OPTIONS),
    (error: unknown) => {
      // Not kept: the next mail tries to load it again, as each mail did before.
      plainTextConverter = undefined;
      throw error;
    },
  ));

/**
 * Renders a mail (a React element, usually inside `MailLayout`) to HTML on the server, and its
 * plain-text twin from that HTML: tables stay tables, links show their address.
 */
export async function renderMail(element: ReactElement): Promise<RenderedMail> {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
  const text = (await toPlainText())(html);
  return { html, text: `${text.trim()}\n` };
}
