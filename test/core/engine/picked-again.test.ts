import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Downloads a video once from its preview, and previews it again (the library has it now). */
async function downloadedThenPreviewed(h: Harness, url: string) {
  const first = value(await h.core.call('grab.resolve', { url }));
  if (first.kind !== 'post') throw new Error('expected a post');
  value(await h.core.call('jobs.add', { source: { kind: 'resolved', resolutionId: first.resolutionId } }));
  await h.core.idle();
  const again = value(await h.core.call('grab.resolve', { url, force: true }));
  if (again.kind !== 'post' || again.libraryId === undefined) throw new Error('expected a post the library knows');
  return { again, libraryId: again.libraryId };
}

describe('a post already in the library, picked from a preview', () => {
  it('is refused as a duplicate, and downloaded as a copy only when picked again', async () => {
    harness = await startHarness();
    const { core } = harness;
    const { again, libraryId } = await downloadedThenPreviewed(harness, 'https://video.example/watch/copy-on-purpose');

    const refused = await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: again.resolutionId } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'duplicate', detail: { libraryId } } });
    expect(value(await core.call('jobs.list', {}))).toHaveLength(1);

    value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: again.resolutionId, again: true } }));
    await core.idle();
    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.map((job) => job.state)).toEqual(['done', 'done']);
    const [firstFile, copy] = jobs.map((job) => basename(job.files[0] ?? ''));
    expect(copy).toBe((firstFile ?? '').replace(/(\.\w+)$/u, ' (1)$1'));
  });

  it('is left out of a batch of picks and named, while the other posts are queued with their own options', async () => {
    harness = await startHarness();
    const { core } = harness;
    const { again, libraryId } = await downloadedThenPreviewed(harness, 'https://video.example/watch/batch-known');
    const fresh = value(await core.call('grab.resolve', { url: 'https://video.example/watch/batch-new' }));
    if (fresh.kind !== 'post') throw new Error('expected a post');
    const ownFolder = join(harness.downloads, 'own');

    const added = value(
      await core.call('jobs.add', {
        source: {
          kind: 'posts',
          picks: [
            { resolutionId: again.resolutionId },
            { resolutionId: fresh.resolutionId, options: { folder: ownFolder } },
          ],
        },
      }),
    );
    expect(added.jobIds).toHaveLength(1);
    expect(added.inLibrary).toEqual([libraryId]);
    await core.idle();
    const [, newJob] = value(await core.call('jobs.list', {}));
    expect(newJob?.state).toBe('done');
    expect(dirname(newJob?.files[0] ?? '')).toBe(ownFolder);

    // Picked again on purpose, the known post is queued too.
    const copied = value(await core.call('jobs.add', { source: { kind: 'posts', picks: [{ resolutionId: again.resolutionId, again: true }] } }));
    expect(copied).toEqual({ jobIds: [expect.any(Number)] });
    await core.idle();
  });
});
