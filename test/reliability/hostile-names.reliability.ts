import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInside } from '../../src/core/files/resolve-inside';
import { fetchTasks } from '../../src/core/jobs/plan/fetch-tasks';
import { settlePlan } from '../../src/core/jobs/plan/settle-plan';
import { subtitleFileName } from '../../src/core/subtitles/subtitle-file-name';
import type { Post } from '../../src/shared/post';
import { SUBTITLE_FORMATS } from '../../src/shared/subtitles';
import { portabilityProblems } from '../core/files/portable-name';
import { recordFigures } from './support/figures';
import { hostileTitles } from './support/hostile-titles';
import { seededRandom } from './support/seeded-random';
import { sized } from './support/sizes';

/*
 * Hostile titles: thousands of posts whose every name-giving field (title, text, author,
 * id, site, date, quality label, file extensions, subtitle language) is hostile go
 * through the engine's own planning of file names (`fetchTasks`: the template, the
 * sanitizer, the stream suffixes) and subtitle naming. Every name must stay inside the
 * download folder and be valid on Windows, macOS and Linux. The end-to-end run through
 * a real Core is in hostile-service.reliability.ts.
 */

const TITLES = sized(1_000, 5_000);
const TEMPLATES = ['{author} - {caption} [{id}]', '{caption}', '{id}', '{date} {site} {quality} {caption}.{ext}', '../{caption}', '{caption}/{author}'];
const FOLDERS = { posix: '/home/user/Downloads/Trove', win32: 'C:\\Users\\user\\Downloads\\Trove' };
/** What the downloader adds while a file is unfinished, and the numbering of a taken name. */
const LONGEST_SUFFIX = '.part.json (9999)';

/**
 * Every rule of a portable name. The sanitizer caps a name's stem at 200 bytes; what the
 * engine appends (an extension, a stream suffix) may use the room up to the 255 bytes
 * every file system allows, as long as `.part.json` and a number still fit.
 */
function nameProblems(name: string): string[] {
  const problems = portabilityProblems(name).filter((problem) => problem !== 'longer than 200 bytes');
  if (Buffer.byteLength(`${name}${LONGEST_SUFFIX}`, 'utf8') > 255) problems.push('no room for .part.json and a number under 255 bytes');
  for (const [platform, folder] of Object.entries(FOLDERS)) {
    const api = platform === 'win32' ? path.win32 : path.posix;
    if (!resolveInside(folder, name, api).ok) problems.push(`leaves the folder on ${platform}`);
  }
  return problems;
}

function hostilePost(texts: () => string): Post {
  return {
    site: texts(),
    id: texts(),
    title: texts(),
    text: texts(),
    author: { display_name: texts(), username: texts() },
    created_at: texts(),
    medias: [
      {
        media_type: 'video',
        resource_url: 'https://media.example/v.mp4',
        variants: [
          {
            quality: 720,
            quality_label: texts(),
            video_url: 'https://media.example/v.mp4',
            video_ext: texts(),
            audio_url: 'https://media.example/a.m4a',
            audio_ext: texts(),
            is_default: true,
          },
          { quality: 360, quality_label: texts(), video_url: 'https://media.example/c.mp4', video_ext: texts() },
        ],
      },
      { media_type: 'image', resource_url: `https://media.example/${texts()}` },
      { media_type: 'file', resource_url: 'https://media.example/blob' },
    ],
  };
}

describe('hostile titles', () => {
  it(`${TITLES} hostile texts in every field give names inside the folder, valid on Windows, macOS and Linux`, () => {
    const random = seededRandom('hostile-names');
    const titles = hostileTitles(TITLES, random);
    const texts = (): string => random.pick(titles);
    const problems: string[] = [];
    let names = 0;
    const check = (name: string, source: string): void => {
      names++;
      for (const problem of nameProblems(name)) problems.push(`${JSON.stringify(name.slice(0, 80))} (${source}): ${problem}`);
    };

    for (let n = 0; n < titles.length; n++) {
      // Each title once as the caption, the other fields drawn at random.
      const post = { ...hostilePost(texts), title: titles[n] as string };
      for (const quality of ['recommended', 360] as const) {
        const rule = { quality, audioLanguages: [] };
        const plan = fetchTasks(post, settlePlan(post, undefined, rule), { template: TEMPLATES[n % TEMPLATES.length] as string, rule });
        for (const item of plan) {
          if ('skipped' in item) continue;
          for (const download of item.downloads) check(download.fileName, `${item.kind} ${download.role}`);
          // A merge names its result <stem>.<container>; containers are fixed words.
          if (item.kind === 'merge') check(`${item.stem}.webm`, 'merged');
          // The language tag is the service's; the extension is one of the seven formats (a schema enum).
          check(subtitleFileName(`${item.stem}.mp4`, texts(), random.pick(SUBTITLE_FORMATS)), 'subtitle');
        }
      }
    }

    expect(problems.slice(0, 30), `seed ${random.seed}: ${problems.length} problems`).toEqual([]);
    recordFigures('hostile-names', { titles: titles.length, namesChecked: names, templates: TEMPLATES.length, seed: random.seed });
  });
});
