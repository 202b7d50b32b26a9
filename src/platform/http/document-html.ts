/**
 * A rendered page's HTML, carried beside React Router's Response instead of in its body: a string
 * body would be copied into a web stream (and encoded, and read back) only for the bridge in
 * pages.ts to turn it into a Buffer. `Symbol.for`, because tests serve entry.server from the build
 * with pages.ts from the sources (in the built server both are one module). A Response without it
 * is read the ordinary way.
 */
const DOCUMENT_HTML = Symbol.for('shop.document-html');

type WithHtml = Response & { [DOCUMENT_HTML]?: string };

/** A response for a rendered page: status and headers as given, the HTML beside it. */
export function documentResponse(html: string, init: ResponseInit): Response {
  const response: WithHtml = new Response(null, init);
  response[DOCUMENT_HTML] = html;
  return response;
}

/** The body of a response from React Router, as bytes. */
export async function responseBytes(response: Response): Promise<Buffer> {
  const html = (response as WithHtml)[DOCUMENT_HTML];
  if (html !== undefined) return Buffer.from(html);
  return Buffer.from(await response.arrayBuffer());
}
