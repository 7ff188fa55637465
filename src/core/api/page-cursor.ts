import type { z } from 'zod';

interface RawPage {
  has_more: boolean;
  next_cursor?: string | undefined;
}

/** A page that says there is more must say where to continue, or paging cannot go on. */
export function requireCursorWhileMore(page: RawPage, context: z.RefinementCtx): void {
  if (page.has_more && !page.next_cursor) {
    context.addIssue({ code: 'custom', path: ['next_cursor'], message: 'has_more is true but next_cursor is missing' });
  }
}

/** The last page's cursor is "" (the spec), whether the server sent "" or, as legacy does, nothing. */
export const normalizedCursor = (page: RawPage): string => (page.has_more ? (page.next_cursor ?? '') : '');
