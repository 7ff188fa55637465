import { locateFfmpeg } from '../../../src/core/media/locate-ffmpeg';

/** The ffmpeg the media tests run: found the way the app finds it, or the suite fails loudly. */
export async function systemFfmpeg(): Promise<string> {
  const located = await locateFfmpeg();
  if (!located.ok) throw new Error(located.error.message);
  return located.value.path;
}
