import { describe, expect, it } from 'vitest';
import { resolveStage } from '../../../../src/core/jobs/stages/resolve-stage';
import type { ResolvePort } from '../../../../src/core/jobs/stages/resolve-stage';
import type { JobRecord } from '../../../../src/core/jobs/job-store';
import type { Post } from '../../../../src/shared/post';
import { newJob, recordingContext } from './job-context';

const post: Post = {
  id: 'p1',
  title: 'Clip',
  site: 'video.example',
  medias: [
    {
      media_type: 'video',
      resource_url: 'https://media.example/r',
      preview_url: 'https://media.example/preview.jpg',
      variants: [
        { quality: 720, quality_label: '720p', video_url: 'https://media.example/720.mp4', is_default: true },
        { quality: 1080, quality_label: '1080p', video_url: 'https://media.example/1080.mp4' },
      ],
    },
  ],
};

/** The engine's side, with the extraction (a charged call to the service) answered from memory and counted. */
function portWith(fields: Partial<ResolvePort> = {}): ResolvePort & { extracted: JobRecord[] } {
  const extracted: JobRecord[] = [];
  return {
    extracted,
    inLibrary: () => undefined,
    extract: (job) => {
      extracted.push(job);
      return Promise.resolve({ ok: true, post });
    },
    cacheImage: (url) => Promise.resolve(`/cache/${url.split('/').at(-1) ?? ''}`),
    defaultChoice: (job) => ({ quality: job.options.quality ?? 'recommended', audioLanguages: [] }),
    ...fields,
  };
}

describe('the resolve stage', () => {
  it('extracts a link job, chooses its variants by the default rule once and writes the plan before any download', async () => {
    const port = portWith();
    const context = recordingContext(newJob({ options: { quality: 1080 } }));
    const resolved = await resolveStage(port, context.job, context);
    expect(port.extracted).toHaveLength(1);
    expect(resolved).toMatchObject({ kind: 'resolved', post, plan: { items: [{ mediaIndex: 0, variant: { quality: 1080 }, done: {} }] }, images: { previews: ['/cache/preview.jpg'] } });
    expect(context.steps.map((step) => step.state ?? 'patch')).toEqual(['extracting', 'patch', 'downloading']);
    expect(context.job).toMatchObject({ state: 'downloading', charged: true, post, title: 'Clip', site: 'video.example', thumbnail: '/cache/preview.jpg' });
    expect(context.job.plan).toEqual(resolved.kind === 'resolved' ? resolved.plan : undefined);
  });

  it('keeps the variant the user chose on the preview and pays nothing for a post the job carries', async () => {
    const port = portWith();
    const plan = { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: { videoPart: '/d/v.mp4' } }] };
    const context = recordingContext(newJob({ post, plan, options: { quality: 1080 } }));
    const resolved = await resolveStage(port, context.job, context);
    expect(port.extracted).toEqual([]);
    expect(resolved).toMatchObject({ kind: 'resolved', plan });
  });

  it('ends a link already in the library as done without extracting it, unless forced', async () => {
    const port = portWith({ inLibrary: () => ({ id: 7, caption: 'Known clip' }) });
    const context = recordingContext(newJob());
    expect(await resolveStage(port, context.job, context)).toEqual({ kind: 'ended', outcome: { kind: 'done', patch: { libraryPostId: 7, title: 'Known clip' } } });
    expect(port.extracted).toEqual([]);

    const forced = recordingContext(newJob({ force: true }));
    expect(await resolveStage(port, forced.job, forced)).toMatchObject({ kind: 'resolved' });
    expect(port.extracted).toHaveLength(1);
  });

  it('hands back how a failed extraction ends the job, with no plan written', async () => {
    const outcome = { kind: 'blocked' as const, reason: 'out_of_credits' as const, error: { code: 'out_of_credits' as const, message: 'No credits left.' } };
    const port = portWith({ extract: () => Promise.resolve({ ok: false, outcome }) });
    const context = recordingContext(newJob());
    expect(await resolveStage(port, context.job, context)).toEqual({ kind: 'ended', outcome });
    expect(context.job.plan).toBeUndefined();
  });
});
