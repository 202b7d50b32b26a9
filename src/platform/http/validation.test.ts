import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_INPUT_DEPTH } from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import { holdsNul, isShallowJson, nestsDeeperThan, parseInput } from './validation.ts';

/** Arrays nested `depth` deep around a value, built without recursion. */
function nested(depth: number, inner: unknown = 'x'): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Objects nested `depth` deep around a value. */
function nestedObjects(depth: number, inner: unknown = 'x'): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function refusalOf(read: () => unknown): ShopError | undefined {
  try {
    read();
  } catch (error) {
    if (error instanceof ShopError) return error;
    throw error;
  }
  return undefined;
}

describe('reading client input', () => {
  it('finds a NUL at any depth without running out of stack', () => {
    for (const depth of [5000, 100_000]) {
      expect(holdsNul(nested(depth, 'a\0b'))).toBe(true);
      expect(holdsNul(nestedObjects(depth, 'ok'))).toBe(false);
      expect(holdsNul(nestedObjects(depth, { 'key\0': 1 }))).toBe(true);
    }
  });

  it('measures nesting: `{}` is 1 deep, and a value past the limit is deeper', () => {
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    // A NUL on the way does not hide the depth.
    expect(nestsDeeperThan([['\0'], nested(100_000)], MAX_INPUT_DEPTH)).toBe(true);
  });

  it('refuses input nested past the limit with a 400, whatever the schema', () => {
    const anything = z.unknown();
    expect(parseInput(anything, nestedObjects(MAX_INPUT_DEPTH - 1))).toBeDefined();
    for (const input of [nested(MAX_INPUT_DEPTH + 1), nestedObjects(5000), nested(100_000)]) {
      expect(refusalOf(() => parseInput(anything, input))).toMatchObject({ status: 400 });
    }
  });

  it('takes JSON text within the depth limit only', () => {
    expect(isShallowJson('{"colorPrimary":"#123456"}')).toBe(true);
    expect(isShallowJson('{"a":')).toBe(false);
    expect(isShallowJson(`${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}`)).toBe(
      true,
    );
    const deep = `${'['.repeat(9999)}${']'.repeat(9999)}`;
    expect(isShallowJson(deep)).toBe(false);
  });
});
