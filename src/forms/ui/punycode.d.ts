/** punycode.js (the npm package; `punycode/` so that Node's deprecated built-in is not taken). */
declare module 'punycode/' {
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
}
