import { existsSync } from 'node:fs';
import { toLibraryDetail, toLibraryItem } from '../library';
import type { HandlerDeps, HandlerGroup } from './handler-types';

export function libraryCommands({ services }: HandlerDeps): HandlerGroup<'library.search' | 'library.get' | 'library.said' | 'library.remove'> {
  return {
    async 'library.search'(query) {
      const page = services.library.searchPosts(query);
      if (!page.ok) return page;
      return { ok: true, value: { items: page.value.rows.map(toLibraryItem), total: page.value.total } };
    },
    async 'library.get'({ id }) {
      const post = services.library.getPost(id);
      if (!post.ok) return post;
      if (!post.value) return { ok: false, error: { code: 'not_found', message: `There is no post ${id} in the library.` } };
      return { ok: true, value: toLibraryDetail(post.value, existsSync) };
    },
    async 'library.said'(query) {
      return services.library.searchSaid(query);
    },
    async 'library.remove'({ id, deleteFiles }) {
      const removed = await services.library.removePost({ id, deleteFiles });
      if (!removed.ok) return removed;
      const failed = removed.value.files.filter((file) => file.outcome === 'failed');
      if (failed.length > 0) {
        return {
          ok: false,
          error: { code: 'delete_failed', message: `The record was removed, but ${failed.length} file(s) could not be deleted: ${failed[0]?.message ?? ''}` },
        };
      }
      return { ok: true, value: { removedFiles: removed.value.files.filter((file) => file.outcome === 'deleted').map((file) => file.path) } };
    },
  };
}
