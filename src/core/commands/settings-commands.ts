import { errorInfoOf } from '../../shared/errors';
import { checkServiceAnswers } from '../api';
import { checkFolderWritable } from '../fs';
import { fileNameFieldsFromPost, renderFileName, validateFileNameTemplate } from '../files';
import type { Post } from '../../shared/post';
import type { HandlerDeps, HandlerGroup } from './handler-types';

/** What the template preview shows: a post with every field the template can use. */
const SAMPLE_POST: Post = {
  id: 'x7Kq2mP',
  site: 'video.example',
  title: 'Sunset over the bay',
  author: { display_name: 'Ana Lima', username: 'analima' },
  created_at: '2026-05-14T18:30:00Z',
  medias: [],
};

export function settingsCommands({ services, queue }: HandlerDeps): HandlerGroup<'settings.get' | 'settings.update' | 'settings.previewFileName' | 'settings.checkService'> {
  return {
    'settings.get': async () => ({ ok: true, value: services.settings.get() }),
    async 'settings.update'(patch) {
      // A template with an unknown field would name every download wrongly: refused before it is stored.
      const template = patch.fileNameTemplate === undefined ? undefined : validateFileNameTemplate(patch.fileNameTemplate);
      if (template && !template.ok) return { ok: false, error: { code: 'invalid_settings', message: `fileNameTemplate: ${template.error.message}` } };
      // A folder downloads cannot be written to would fail every job later: refused now, with the reason.
      const folder = patch.downloadFolder?.trim();
      if (folder) {
        const writable = await checkFolderWritable(folder);
        if (!writable.ok) {
          const { reason, message } = writable.error;
          return { ok: false, error: { code: 'folder_not_writable', retryable: false, message, detail: { setting: 'downloadFolder', reason } } };
        }
      }
      const updated = await services.settings.update(patch);
      if (!updated.ok) return updated;
      // Changes apply without a restart: the speed limit at once, concurrency on the next pump.
      services.bandwidth.setRate(updated.value.speedLimit);
      services.events.emit('settings.changed', updated.value);
      queue.pump();
      return updated;
    },
    async 'settings.checkService'({ serviceUrl }) {
      return checkServiceAnswers(services.clientWithKey(() => services.keys.getKey().then((key) => (key.ok ? key.value : undefined)), serviceUrl));
    },
    async 'settings.previewFileName'({ template }) {
      const valid = validateFileNameTemplate(template.trim());
      if (!valid.ok) return { ok: false, error: errorInfoOf(valid.error) };
      return { ok: true, value: { name: renderFileName(valid.value, fileNameFieldsFromPost(SAMPLE_POST, { quality: '1080p', ext: 'mp4' })) } };
    },
  };
}
