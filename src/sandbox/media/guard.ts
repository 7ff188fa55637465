/** The headers every guarded media item carries and the guarded media host demands. */
export const GUARD_HEADERS: Readonly<Record<string, string>> = { Referer: 'https://guarded.example/' };
