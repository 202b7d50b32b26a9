import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry } from './transport.ts';

export type { OutboxEntry };

/** The outbox's own file names (transport.ts writes them): nothing else is ever read. */
const ENTRY_NAME = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

/** An entry's name (its files without `.eml`/`.json`) when it is one of the outbox's. */
export function outboxEntryName(value: string | undefined): string | undefined {
  return value !== undefined && ENTRY_NAME.test(value) ? value : undefined;
}

/** The newest mails written to the outbox, newest first. */
export async function listOutbox(dir: string, limit: number): Promise<OutboxEntry[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.json') && outboxEntryName(file.slice(0, -5)))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(names.map((file) => readEntry(dir, file.slice(0, -5))));
}

async function readEntry(dir: string, name: string): Promise<OutboxEntry> {
  return JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as OutboxEntry;
}

/** One mail of the outbox by its name, if there is one. */
export async function readOutboxEntry(dir: string, name: string): Promise<OutboxEntry | undefined> {
  if (!outboxEntryName(name)) return undefined;
  return readEntry(dir, name).catch(() => undefined);
}
