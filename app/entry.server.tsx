import { renderToReadableStream, renderToString } from 'react-dom/server.browser';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import type { PageContext } from '../src/page-context.ts';
import { documentResponse } from '../src/platform/http/document-html.ts';
import { logPageError } from '../src/platform/http/page-errors.ts';
import { scriptsAfterLoad } from '../src/platform/http/scripts-after-load.ts';

export const streamTimeout = 5000;

/** A loader's, action's or render's error, and React Router's own refusals: to the request's log. */
export const handleError: HandleErrorFunction = (error, { context }) =>
  logPageError((context as unknown as PageContext).log, error);

/**
 * Pages are rendered whole before answering: they are small, complete HTML is what the
 * micro-cache and CDNs keep, and visitors without JavaScript get everything.
 *
 * The fast way is React's synchronous `renderToString`. React Router sends the loader data for
 * hydration through a stream (`serverHandoffStream`) that its `StreamTransfer` component reads
 * while rendering, suspending on each read, which a synchronous render cannot wait for. Our
 * loaders return plain data (no promises), so that stream is read to its end first and handed to
 * `StreamTransfer` as already read, through the cache it keeps in `renderMeta` (react-router is
 * pinned to an exact version for this). The page is byte for byte what the streaming renderer
 * writes. Should anything still suspend (a boundary left to the client, `<!--$!-->`), the page
 * is rendered again with the streaming renderer, which waits. A page rendered the fast way asks
 * for its JavaScript once it has loaded (scripts-after-load.ts). The HTML travels beside the Response
 * (document-html.ts), not through a stream.
 *
 * React's Node renderer is not used: it wraps every render in an AsyncLocalStorage, which on
 * Node 20 switches on async hooks for the whole process and slows every request.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: PageContext,
) {
  // React Router puts it on its hydration, module and scroll-restoration scripts.
  const nonce = loadContext.scriptNonce;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const handoff = context.serverHandoffStream;
  if (!handoff) return renderStreaming(request, status, headers, context, nonce, loadContext.log);
  const data = await readText(handoff as ReadableStream<Uint8Array>);
  context.renderMeta = { streamCache: handedOff(data) } as EntryContext['renderMeta'];
  // One flat string: `includes` flattens React's concatenated result once, and encoding reuses it.
  const html = `<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} nonce={nonce} />)}`;
  if (!html.includes('<!--$!-->')) {
    return documentResponse(scriptsAfterLoad(html), { status, headers });
  }
  context.serverHandoffStream = streamOf(data);
  context.renderMeta = {};
  return renderStreaming(request, status, headers, context, nonce, loadContext.log);
}

/** React's streaming renderer, which waits for suspended boundaries (also the tests' reference). */
export async function renderStreaming(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  nonce: string,
  log: PageContext['log'],
): Promise<Response> {
  let failed = false;
  const stream = await renderToReadableStream(
    <ServerRouter context={context} url={request.url} nonce={nonce} />,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        failed = true;
        logPageError(log, error);
      },
    },
  );
  await stream.allReady;
  return new Response(stream, { status: failed ? 500 : status, headers });
}

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  reader.releaseLock(); // ServerRouter takes a reader of its own (and reads nothing from it)
  return text + decoder.decode();
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

/**
 * `StreamTransfer`'s cache (react-router 7.18.4, lib/dom/ssr/single-fetch.tsx) as if it had read
 * the whole hand-off in one chunk and then its end: one script enqueues the data, one closes.
 */
function handedOff(data: string): Record<number, Promise<void> & { result: unknown }> {
  const read = (result: { done: boolean; value: string }) =>
    Object.assign(Promise.resolve(), { result });
  return { 0: read({ done: false, value: data }), 1: read({ done: true, value: '' }) };
}
