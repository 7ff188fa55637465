import { describe, expect, it } from 'vitest';
import { fetchTasks } from '../../../src/core/jobs/plan/fetch-tasks';
import type { QualityPreference } from '../../../src/shared/settings';
import { settlePlan } from '../../../src/core/jobs/plan/settle-plan';
import type { Post } from '../../../src/shared/post';
import { portabilityProblems } from '../files/portable-name';

const tasksOf = (source: Post, quality: QualityPreference) => {
  const rule = { quality, audioLanguages: [] };
  return fetchTasks(source, settlePlan(source, undefined, rule), { template: '{caption} [{id}]', rule });
};

/*
 * File extensions come from the service (`video_ext`, `audio_ext`) and went into file
 * names unchecked: `../x`, a backslash, a colon, a bidi override or 300 characters made
 * names that leave the folder or that Windows refuses (found by
 * test/reliability/hostile-names). Only letters and digits make an extension.
 */

const HOSTILE_EXTENSIONS = ['../../../etc/x', 'mp4\\..\\x', 'm:p4', 'gnp.exe\u202emp4', 'mp4 ', 'mp4.', '\u0000', '\ud83d', 'a'.repeat(300), '.'];

function post(videoExt: string, audioExt: string): Post {
  return {
    id: 'p1',
    title: 'Clip',
    medias: [
      {
        media_type: 'video',
        resource_url: 'https://media.example/v',
        variants: [
          { quality: 720, quality_label: '720p', video_url: 'https://media.example/v', video_ext: videoExt, audio_url: 'https://media.example/a', audio_ext: audioExt, is_default: true },
          { quality: 360, quality_label: '360p', video_url: 'https://media.example/c', video_ext: videoExt },
        ],
      },
    ],
  };
}

describe('fetchTasks with hostile file extensions', () => {
  it.each(HOSTILE_EXTENSIONS)('keeps %j out of the path and the name portable', (ext) => {
    for (const quality of ['recommended', 360] as const) {
      for (const item of tasksOf(post(ext, ext), quality)) {
        if ('skipped' in item) continue;
        for (const download of item.downloads) {
          expect(portabilityProblems(download.fileName).filter((problem) => problem !== 'longer than 200 bytes'), download.fileName).toEqual([]);
          expect(Buffer.byteLength(download.fileName)).toBeLessThanOrEqual(230);
        }
      }
    }
  });

  it('keeps a plain extension as it is, lower-cased', () => {
    const [item] = tasksOf(post('MP4', 'm4a'), 'recommended');
    expect(item && 'downloads' in item ? item.downloads.map((download) => download.fileName) : []).toEqual([
      'Clip [p1].f720.video.mp4',
      'Clip [p1].f720.audio.m4a',
    ]);
  });
});
