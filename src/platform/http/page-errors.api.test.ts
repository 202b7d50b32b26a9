import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../testing/built-server.ts';
import { databaseKinds } from '../db/testing/test-database.ts';

/** A server log line, as pino writes it. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

function asLogLine(line: string): LogLine | undefined {
  try {
    const value: unknown = JSON.parse(line);
    const entry = value as Partial<LogLine> | null;
    return typeof entry?.level === 'number' && typeof entry.msg === 'string'
      ? (entry as LogLine)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Issue 22: every fuzz run printed React Router's plain-text stack trace for each POST to a page
 * without an action, which rightly answers 405. The built server, as it runs in production,
 * with everything it writes read back.
 */
describe.each(databaseKinds)("the server's log on %s", (kind) => {
  let server: BuiltServer | undefined;

  beforeAll(async () => {
    server = await startBuiltServer(kind, { captureOutput: true, env: { LOG_LEVEL: 'debug' } });
  }, 60_000);
  afterAll(() => server?.stop());

  it('answers a POST to a page without an action 405 and writes only JSON lines, the refusal without a stack', async () => {
    const { base } = server!;
    const requestIds: string[] = [];
    for (const page of ['/', '/shop/', '/no-such-page/']) {
      const requestId = `no-action-${kind}-${requestIds.length}`;
      requestIds.push(requestId);
      const response = await fetch(base + page, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          origin: base,
          'x-request-id': requestId,
        },
        body: 'a=1',
      });
      expect(response.status, page).toBe(405);
    }
    expect((await fetch(`${base}/no-such-page/`)).status).toBe(404);
    await server!.stop();

    const lines = server!.output.filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(requestIds.length);
    expect(lines.filter((line) => !asLogLine(line))).toEqual([]);
    const entries = lines.map((line) => asLogLine(line)!);
    const refusals = entries.filter((entry) => entry.msg === 'page refused the request');
    expect(refusals.map((entry) => entry.reqId)).toEqual(requestIds);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ level: 20, status: 405 });
      expect(JSON.stringify(refusal)).not.toMatch(/stack|\bat getInternalRouterError\b/);
    }
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  }, 30_000);
});
