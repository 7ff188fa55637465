import path from 'node:path';
import type { Result } from '../../shared/errors';
import { chooseContainer, normalizeCodec, type Container } from './choose-container';
import { mediaError, type MediaError } from './media-error';
import type { MediaInfo, MediaStream } from './media-info';
import { moovReserve, indexReserve } from './moov-reserve';
import { readMp4Tracks } from './mp4-tracks';

/** How to write a merge: the container, and for MP4 the room for its index (undefined: +faststart). */
export interface MergePlan {
  container: Container;
  reserve?: number;
  /** Of the longer input, when known: the merge lasts that long. */
  durationSeconds?: number;
}

/** The plan and what it rests on: the inputs as ffmpeg described them. */
export interface DescribedPlan extends MergePlan {
  videoCodec: string;
  audioCodec: string;
}

const longest = (durations: ReadonlyArray<number | undefined>): number | undefined => {
  const known = durations.filter((duration): duration is number => duration !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
};

/**
 * The plan from the inputs' own MP4 indexes, read in-process: no ffmpeg start. Undefined
 * when either is not a plain MP4 with the track it should have (then ffmpeg describes them).
 */
export async function planFromIndexes(videoPath: string, audioPath: string): Promise<MergePlan | undefined> {
  const [video, audio] = await Promise.all([readMp4Tracks(videoPath), readMp4Tracks(audioPath)]);
  const videoTrack = video?.tracks.find((track) => track.handler === 'vide');
  const audioTrack = audio?.tracks.find((track) => track.handler === 'soun');
  const videoCodec = normalizeCodec(videoTrack?.format);
  const audioCodec = normalizeCodec(audioTrack?.format);
  if (!video || !audio || !videoTrack || !audioTrack || !videoCodec || !audioCodec) return undefined;
  const container = chooseContainer(videoCodec, audioCodec);
  const plan: MergePlan = { container };
  const durationSeconds = longest([video.durationSeconds, audio.durationSeconds]);
  if (durationSeconds !== undefined) plan.durationSeconds = durationSeconds;
  if (container === 'mp4') {
    plan.reserve = indexReserve({ videoSamples: videoTrack.samples, audioSamples: audioTrack.samples, metadataBytes: video.metadataBytes + audio.metadataBytes });
  }
  return plan;
}

/** The plan from ffmpeg's description of the two inputs (a probe's, or the merge run's own). */
export function planFromInputs(
  inputs: ReadonlyArray<MediaInfo | undefined>,
  files: { videoPath: string; audioPath: string },
  unreadable: (file: string) => MediaError,
): Result<DescribedPlan, MediaError> {
  const [videoInfo, audioInfo] = inputs;
  if (!videoInfo) return { ok: false, error: unreadable(files.videoPath) };
  if (!audioInfo) return { ok: false, error: unreadable(files.audioPath) };
  const video = first(videoInfo, 'video');
  if (!video) return { ok: false, error: mediaError('invalid_input', `${path.basename(files.videoPath)} has no video stream.`) };
  const audio = first(audioInfo, 'audio');
  if (!audio) return { ok: false, error: mediaError('invalid_input', `${path.basename(files.audioPath)} has no audio stream.`) };
  const container = chooseContainer(video.codec, audio.codec);
  const plan: DescribedPlan = { container, videoCodec: video.codec, audioCodec: audio.codec };
  const durationSeconds = longest([videoInfo.durationSeconds, audioInfo.durationSeconds]);
  if (durationSeconds !== undefined) plan.durationSeconds = durationSeconds;
  const reserve = container === 'mp4' ? moovReserve([videoInfo, audioInfo], video, audio) : undefined;
  if (reserve !== undefined) plan.reserve = reserve;
  return { ok: true, value: plan };
}

const first = (info: MediaInfo, type: 'video' | 'audio'): MediaStream | undefined => info.streams.find((stream) => stream.type === type);
