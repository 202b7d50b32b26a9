import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PASSWORD_CHECKER_IDLE_MS } from '../platform/constants/index.ts';
import {
  strengthTranslations,
  strengthVerdict,
  type PasswordStrength,
  type StrengthCheck,
} from './password-strength.ts';

/**
 * The worker's code: zxcvbn and its dictionaries (about 235 000 words, a second or more of CPU
 * and some 50 MB to build), loaded once, then one check per message.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const [core, common, english] = workerData.modules.map((path) => require(path));
const zxcvbn = new core.ZxcvbnFactory({
  translations: { ...workerData.translations, timeEstimation: english.translations.timeEstimation },
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});
parentPort.on('message', ({ id, password, inputs }) => {
  try {
    const result = zxcvbn.check(password, inputs);
    parentPort.postMessage({
      id,
      check: { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions },
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Pending {
  resolve(check: StrengthCheck): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let nextId = 0;
let idle: NodeJS.Timeout | undefined;
const pending = new Map<number, Pending>();

/** The worker died: whoever waits on it hears so, and the next check starts another. */
function stopped(which: Worker, error: Error): void {
  if (worker !== which) return;
  worker = undefined;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const require = createRequire(import.meta.url);
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      modules: ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en'].map(
        (name) => require.resolve(name),
      ),
      translations: strengthTranslations,
    },
  });
  started.unref();
  started.on('message', (message: { id: number; check?: StrengthCheck; error?: string }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.check) waiting?.resolve(message.check);
    else waiting?.reject(new Error(message.error ?? 'password check failed'));
  });
  started.on('error', (error) => stopped(started, error));
  started.on('exit', () => stopped(started, new Error('the password checker stopped')));
  return started;
}

/**
 * Scores a new password on the server, off the request thread. The worker starts with the first
 * check and stops after a while without any, giving its memory back.
 */
export function serverPasswordStrength(
  password: string,
  userInputs: string[],
): Promise<PasswordStrength> {
  worker ??= startWorker();
  const current = worker;
  clearTimeout(idle);
  idle = setTimeout(() => {
    if (pending.size === 0 && worker === current) {
      worker = undefined;
      void current.terminate();
    }
  }, PASSWORD_CHECKER_IDLE_MS);
  idle.unref();
  const id = nextId++;
  return new Promise<StrengthCheck>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    current.postMessage({ id, password, inputs: userInputs });
  }).then(strengthVerdict);
}
