import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  FilePathSource,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  type EncodedPacket,
  type InputTrack,
} from 'mediabunny';
import type { Result } from '../../shared/errors';
import { chooseContainer } from './choose-container';
import { coverMimeType, iso6392For, type FileTags } from './file-tags';
import { mediaError, type MediaError } from './media-error';
import type { MediaStream } from './media-info';
import { mp4MetadataTags, type Mp4Cover } from './mp4-metadata-tags';

/*
 * A split MP4 pair merged in-process by mediabunny (a maintained pure-TypeScript muxer)
 * instead of by an ffmpeg process: on the sandbox's 4 s media an ffmpeg start costs ~0.2 s
 * (over a second on a loaded machine), the in-process copy ~10 ms (docs/performance.md, 4).
 * The index goes first, so the whole output is built in memory before it is written: only
 * pairs up to IN_PROCESS_LIMIT_BYTES are taken, and at most twice that of inputs at once
 * in the process; a merge that does not fit goes to ffmpeg rather than wait.
 * Only what ffmpeg's merge would write into an MP4 is taken (choose-container); anything
 * else, and anything mediabunny refuses, is an error here, and merge-streams then runs
 * ffmpeg as before. The result is read back from disk (tracks, codecs, packets, duration)
 * for the caller's checks.
 */

const MiB = 1024 * 1024;
/**
 * Inputs (video + audio + cover) at most this large are muxed in-process. Measured on 2
 * cores (docs/performance.md, 4): at 7.7 MiB the in-process merge takes 130 ms of CPU
 * against ffmpeg's 290 ms, at 30 MiB they are even, and the process grows by about four
 * times the inputs while it runs (the packets, then the output, are held whole).
 */
export const IN_PROCESS_LIMIT_BYTES = 8 * MiB;
/** Inputs of all in-process merges at work at once, in limits, so concurrent jobs cannot add up memory. */
const IN_PROCESS_BUDGET_LIMITS = 2;
let inFlightBytes = 0;

/** mediabunny's codec names to ffmpeg's; the pairs taken are the MP4 ones choose-container picks. */
const VIDEO_CODECS: Readonly<Record<string, string>> = { avc: 'h264', hevc: 'hevc', av1: 'av1' };
const AUDIO_CODECS: Readonly<Record<string, string>> = { aac: 'aac', mp3: 'mp3' };

export interface InProcessRequest {
  videoPath: string;
  audioPath: string;
  /** Where to write: a new owned temp name (never an existing file). */
  temp: string;
  tags?: FileTags | undefined;
  /** Default IN_PROCESS_LIMIT_BYTES; 0 sends every merge to ffmpeg. */
  limitBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Seconds of output written so far, of the longer input's. */
  onProgress?: ((seconds: number, inputSeconds: number) => void) | undefined;
}

/** The merged file as read back from disk, in the shape ffmpeg's description of it has. */
export interface InProcessMerge {
  videoCodec: string;
  audioCodec: string;
  /** Of the longer input: what the merge should last. */
  inputSeconds: number;
  /** Video and audio (indexes 0, 1), then the cover as an attached picture (2). */
  streams: MediaStream[];
  durationSeconds: number;
  /** Packets read back per stream (video, audio). */
  packets: [number, number];
}

type Failure = { ok: false; error: MediaError };
const refused = (message: string): Failure => ({ ok: false, error: mediaError('invalid_input', message) });
const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Merges in-process when the pair is one this path takes; any failure but `canceled` means: use ffmpeg. */
export async function muxInProcess(request: InProcessRequest): Promise<Result<InProcessMerge, MediaError>> {
  const limit = request.limitBytes ?? IN_PROCESS_LIMIT_BYTES;
  const coverPath = request.tags?.coverPath;
  const coverMime = coverPath ? coverMimeType(coverPath) : undefined;
  // ffmpeg re-encodes any other cover to JPEG; that takes ffmpeg.
  if (coverMime !== undefined && coverMime !== 'image/jpeg') return refused(`A ${coverMime} cover is converted by ffmpeg.`);
  const files = [request.videoPath, request.audioPath, ...(coverMime ? [coverPath as string] : [])];
  const sizes = await Promise.all(files.map((file) => stat(file).then((stats) => (stats.isFile() ? stats.size : Infinity), () => Infinity)));
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  if (bytes > limit) return refused(`${bytes} bytes of inputs are more than ${limit} to hold in memory.`);
  if (inFlightBytes + bytes > IN_PROCESS_BUDGET_LIMITS * limit) return refused('Other in-process merges hold the memory budget.');
  inFlightBytes += bytes;
  try {
    return await mux(request, coverMime && coverPath ? { data: new Uint8Array(await readFile(coverPath)), mimeType: coverMime } : undefined);
  } catch (error) {
    return refused(`mediabunny could not merge ${path.basename(request.videoPath)} and ${path.basename(request.audioPath)}: ${describe(error)}`);
  } finally {
    inFlightBytes -= bytes;
  }
}

async function mux(request: InProcessRequest, cover: Mp4Cover | undefined): Promise<Result<InProcessMerge, MediaError>> {
  const { signal } = request;
  const videoInput = new Input({ source: new FilePathSource(request.videoPath), formats: [MP4] });
  const audioInput = new Input({ source: new FilePathSource(request.audioPath), formats: [MP4] });
  try {
    // ffmpeg's merge maps the first video of one and the first audio of the other (0:v:0, 1:a:0).
    const [video] = await videoInput.getVideoTracks();
    const [audio] = await audioInput.getAudioTracks();
    if (!video || !audio) return refused('An input has no video or audio track mediabunny reads.');
    const videoCodec = video.codec ? VIDEO_CODECS[video.codec] : undefined;
    const audioCodec = audio.codec ? AUDIO_CODECS[audio.codec] : undefined;
    if (!videoCodec || !audioCodec || chooseContainer(videoCodec, audioCodec) !== 'mp4') return refused(`${video.codec}/${audio.codec} is merged by ffmpeg.`);
    const inputSeconds = Math.max(await videoInput.computeDuration(), await audioInput.computeDuration());

    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const videoSource = new EncodedVideoPacketSource(video.codec as 'avc');
    const audioSource = new EncodedAudioPacketSource(audio.codec as 'aac');
    output.addVideoTrack(videoSource, { rotation: video.rotation });
    const language = request.tags?.audioLanguage ? iso6392For(request.tags.audioLanguage) : undefined;
    output.addAudioTrack(audioSource, language ? { languageCode: language } : {});
    if (request.tags) output.setMetadataTags(mp4MetadataTags(request.tags, cover));
    await output.start();
    const [videoConfig, audioConfig] = await Promise.all([video.getDecoderConfig(), audio.getDecoderConfig()]);
    if (!videoConfig || !audioConfig) return refused('An input track has no decoder configuration.');
    let reported = 0;
    // The first packet carries the codec's configuration (avcC, esds) into the output's index.
    const copied = await Promise.all([
      copyPackets(video, signal, async (packet, first) => {
        await videoSource.add(packet, first ? { decoderConfig: videoConfig } : undefined);
        const seconds = packet.timestamp + packet.duration;
        // Whole seconds: as often as ffmpeg's progress lines come, not once a packet.
        if (Math.floor(seconds) <= reported) return;
        reported = Math.floor(seconds);
        request.onProgress?.(seconds, inputSeconds);
      }),
      copyPackets(audio, signal, (packet, first) => audioSource.add(packet, first ? { decoderConfig: audioConfig } : undefined)),
    ]).catch(async (error: unknown) => {
      // One track failed: the other's copy, maybe waiting for it, ends with the output.
      await output.cancel();
      throw error;
    });
    if (!copied.every(Boolean)) {
      await output.cancel();
      return { ok: false, error: mediaError('canceled', 'The merge was canceled.') };
    }
    videoSource.close();
    audioSource.close();
    await output.finalize();
    const buffer = target.buffer;
    if (!buffer) return refused('mediabunny wrote nothing.');
    await writeNew(request.temp, new Uint8Array(buffer));
    request.onProgress?.(inputSeconds, inputSeconds);
    const readBack = await readMerged(request.temp, buffer.byteLength, cover !== undefined);
    return readBack.ok ? { ok: true, value: { videoCodec, audioCodec, inputSeconds, ...readBack.value } } : readBack;
  } finally {
    videoInput.dispose();
    audioInput.dispose();
  }
}

/** Hands every packet of `track` to `add`, in decode order; false when `signal` aborted it. */
async function copyPackets(track: InputTrack, signal: AbortSignal | undefined, add: (packet: EncodedPacket, first: boolean) => Promise<void>): Promise<boolean> {
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    if (signal?.aborted) return false;
    await add(packet, first);
    first = false;
  }
  return !signal?.aborted;
}

/** Writes a file that must not exist yet (`wx`, as ffmpeg's `-n`), whole or not at all for the caller. */
async function writeNew(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

/** The written file read back from disk by a fresh demuxer: what merge-streams checks, as for ffmpeg's output. */
async function readMerged(file: string, written: number, cover: boolean): Promise<Result<Omit<InProcessMerge, 'videoCodec' | 'audioCodec' | 'inputSeconds'>, MediaError>> {
  const onDisk = await stat(file).then((stats) => stats.size, () => undefined);
  if (onDisk !== written) return { ok: false, error: mediaError('verify_failed', `The merged file has ${onDisk ?? 'no'} bytes on disk; ${written} were written.`) };
  const input = new Input({ source: new FilePathSource(file), formats: [MP4] });
  try {
    const tracks = await input.getTracks();
    const streams: MediaStream[] = tracks.map((track, index) => ({ index, type: track.type === 'subtitle' ? 'subtitle' : track.type, codec: codecOf(track) }));
    const packets = await Promise.all(tracks.slice(0, 2).map(async (track) => (await track.computePacketStats()).packetCount));
    const images = cover ? ((await input.getMetadataTags()).images ?? []) : [];
    if (images.some((image) => image.kind === 'coverFront')) streams.push({ index: streams.length, type: 'video', codec: 'mjpeg', attachedPicture: true });
    return { ok: true, value: { streams, durationSeconds: await input.computeDuration(), packets: [packets[0] ?? 0, packets[1] ?? 0] } };
  } finally {
    input.dispose();
  }
}

const codecOf = (track: InputTrack): string => (track.codec ? (VIDEO_CODECS[track.codec] ?? AUDIO_CODECS[track.codec] ?? track.codec) : 'unknown');
