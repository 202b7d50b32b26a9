import type { FastifyReply } from 'fastify';

const texts = new WeakMap<object, string>();

/**
 * An object's JSON, kept as long as the object lives: for values that are memoised and never
 * changed once made (a priced cart's Store API shape), so answering one again costs no
 * serialisation.
 */
export function jsonOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** Answers JSON text that is already serialised (Fastify sends a string as it is). */
export function sendJsonText(reply: FastifyReply, text: string): string {
  reply.type('application/json; charset=utf-8');
  return text;
}
