import { Writable } from 'node:stream';
import { createStaticHandler, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log/log.ts';
import { logPageError } from './page-errors.ts';

/** A logger at debug level whose lines are kept, parsed, as a request's log (with its id). */
function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const log = createLogger('debug', destination).child({ reqId: 'req-7' });
  return { log, lines };
}

/** What React Router makes of a POST to a page without an action. */
async function methodNotAllowed(): Promise<unknown> {
  const router = createStaticHandler([{ id: 'home', path: '/', loader: () => null }]);
  const answer = await router.query(
    new Request('http://shop.test/', { method: 'POST', body: new URLSearchParams({ a: '1' }) }),
  );
  const error = answer instanceof Response ? undefined : answer.errors?.home;
  expect(isRouteErrorResponse(error) && error.status).toBe(405);
  return error;
}

describe("a page's error in the log", () => {
  it('writes a refusal (405) as one debug line with the request id and no stack', async () => {
    const { log, lines } = recordingLog();
    logPageError(log, await methodNotAllowed());
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        reqId: 'req-7',
        status: 405,
        reason: expect.stringContaining('You made a POST request to "/"') as string,
        msg: 'page refused the request',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('    at ');
  });

  it('writes any other error at error level with the request id and its stack', async () => {
    const { log, lines } = recordingLog();
    logPageError(log, new TypeError('loader broke'));
    logPageError(log, Object.assign((await methodNotAllowed()) as object, { status: 503 }));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 50,
      reqId: 'req-7',
      msg: 'page error',
      err: { type: 'TypeError', message: 'loader broke' },
    });
    expect((lines[0]!.err as { stack: string }).stack).toContain('loader broke');
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'req-7' });
  });
});
