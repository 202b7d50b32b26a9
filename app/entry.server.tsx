import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5000;

/**
 * Renders the whole page before answering (onAllReady): pages are small, complete HTML is what the
 * micro-cache and CDNs keep, and visitors without JavaScript get everything. The HTML is collected
 * into one buffer; going through web streams costs more than the render itself on Node 20.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { status: failed ? 500 : status, headers }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={context} url={request.url} />,
      {
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
    sink.on('finish', () => clearTimeout(timer));
  });
}
