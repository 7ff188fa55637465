import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';
import { runFfmpeg } from '../../../src/core/media/run-ffmpeg';

/*
 * Some paths make Node's spawn throw at once instead of reporting an error event: one
 * too long for the OS (ENAMETOOLONG) or with a NUL byte. runFfmpeg promised never to
 * reject, yet rejected, and `app.info` answered "internal" for an ffmpeg path set in
 * Settings (found by test/reliability/invalid-payloads).
 */

const UNSTARTABLE = ['x'.repeat(1024 * 1024), '/usr/bin/ff\u0000mpeg'];

describe('an ffmpeg that cannot even be started', () => {
  it.each(UNSTARTABLE.map((path) => [path.length > 100 ? `a ${path.length}-character path` : JSON.stringify(path), path]))(
    'runFfmpeg resolves with the spawn error for %s',
    async (_name, path) => {
      const run = await runFfmpeg(path, ['-version']);
      expect(run.spawnError).toBeInstanceOf(Error);
      expect(run.code).toBeNull();
    },
  );

  it('locateFfmpeg says the configured path does not work', async () => {
    for (const setting of UNSTARTABLE) {
      const found = await locateFfmpeg({ setting, env: {}, bundled: [] });
      expect(found.ok).toBe(false);
      if (!found.ok) expect(found.error.code).toBe('ffmpeg_not_found');
    }
  });
});
