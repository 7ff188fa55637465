import type { ErrorCode } from '../../../shared/error-codes';

/**
 * The i18n key of a code's words: what happened and what to do, in the user's language.
 * Every locale words every code (the typecheck holds each locale in i18n.ts to it), so
 * the engine's message, which carries the specifics, is only shown as details.
 */
export const errorWordsKey = (code: ErrorCode): `errors.codes.${ErrorCode}` => `errors.codes.${code}`;
