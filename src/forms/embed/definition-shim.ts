/**
 * In embed.js, `forms/definition.ts` is this: the renderer needs its page helpers, never the
 * schema (zod stays on the server; the definition arrives already checked in embed.json).
 * vite.embed.config.ts swaps it in.
 */
export { fieldById, formPages, isInputField } from '../form-pages.ts';
