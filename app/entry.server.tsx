import { renderToReadableStream } from 'react-dom/server.browser';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5000;

/**
 * Renders the whole page before answering (allReady): pages are small, complete HTML is what the
 * micro-cache and CDNs keep, and visitors without JavaScript get everything.
 *
 * The web-streams renderer is used on purpose: React's Node renderer wraps every render in an
 * AsyncLocalStorage, which on Node 20 switches on async hooks for the whole process and slows
 * every request (the JSON calls included) by half or more.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
) {
  let failed = false;
  const stream = await renderToReadableStream(
    <ServerRouter context={context} url={request.url} />,
    {
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(stream, { status: failed ? 500 : status, headers });
}
