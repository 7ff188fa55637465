import { locateFfmpeg } from '../../core/media';

/**
 * The ffmpeg the sandbox makes its samples with: the explicit option, else Trove's own
 * lookup (FFMPEG_PATH, the bundled ffmpeg-static or @ffmpeg-installer/ffmpeg, PATH), so a
 * machine without ffmpeg installed still gets its sample media.
 */
export async function sampleFfmpeg(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const found = await locateFfmpeg({ env, setting: explicit ?? '', settingName: 'Sandbox option ffmpegPath' });
  if (!found.ok) throw new Error(`The sandbox makes its sample media with ffmpeg. ${found.error.message}`);
  return found.value.path;
}
