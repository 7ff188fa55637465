/** The errno code (ENOENT, ENOTDIR…) of a file-system error, if it has one. */
export const errnoOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
