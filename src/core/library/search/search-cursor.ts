import { z } from 'zod';
import type { SearchPostsQuery } from './search-input';

/** Where the previous page ended: its last row's sort key and id, and the order it was read in. */
const cursorSchema = z.object({
  sort: z.string(),
  direction: z.string(),
  key: z.union([z.number(), z.string()]),
  id: z.number().int(),
});
export type SearchCursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: SearchCursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/** undefined when the cursor is damaged or belongs to another sort order. */
export function decodeCursor(text: string, query: Pick<SearchPostsQuery, 'sort' | 'direction'>): SearchCursor | undefined {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const cursor = cursorSchema.safeParse(json).data;
  return cursor && cursor.sort === query.sort && cursor.direction === query.direction ? cursor : undefined;
}
