import { realSleep, systemClock, backoffDelay } from '../api';
import { folderProblem, makeFolder } from '../fs';
import { DownloadFailure, diskError, downloadError, errnoOf, type DownloadError } from './download-error';
import { checkRequest, type DownloadRequest } from './download-request';
import { downloadSettingsSchema, type DownloadDeps } from './download-settings';
import { PartFile, partPathsFor } from './part-file';
import { createProgressMeter } from './progress-meter';
import { runTransfer } from './run-transfer';
import { sharedWriteBudget } from './write-budget';

export type DownloadResult =
  | { ok: true; path: string; bytes: number; attempts: number }
  | { ok: false; error: DownloadError };

const MAX_RETRY_DELAY_MS = 30_000;

// Two downloads into the same .part would corrupt each other.
const active = new Set<string>();

const canceled = (): DownloadError => downloadError('canceled', 'The download was canceled.');

/**
 * Downloads one URL to `directory/fileName` (or `fileName (n)` when taken): into
 * `<fileName>.part` with a control file, resuming what an earlier run left, retrying
 * retryable failures with backoff (each retry resumes), then fsync and an atomic move
 * to the final name. Never throws for expected failures: they come back as data.
 */
export async function downloadFile(request: DownloadRequest, deps: DownloadDeps = {}): Promise<DownloadResult> {
  const checked = checkRequest(request);
  if (!checked.ok) return checked;
  const { url, headers, directory, fileName } = checked.value;
  const settings = downloadSettingsSchema.parse(deps);
  const clock = deps.clock ?? systemClock;
  const signal = request.signal ?? new AbortController().signal;
  if (signal.aborted) return { ok: false, error: canceled() };

  const { partPath } = partPathsFor(directory, fileName);
  if (active.has(partPath)) {
    return { ok: false, error: downloadError('io_error', `${fileName} is already being downloaded into ${directory}.`) };
  }
  active.add(partPath);
  let part: PartFile | undefined;
  try {
    await makeFolder(directory);
  } catch (error) {
    active.delete(partPath);
    return { ok: false, error: downloadError('folder_unusable', folderProblem(error, directory).message) };
  }
  try {
    part = await PartFile.open(directory, fileName, url, clock);
  } catch (error) {
    active.delete(partPath);
    return { ok: false, error: diskError(error, partPath) };
  }

  const meter = createProgressMeter(clock, request.onProgress);
  const context = { url, headers, part, settings, bandwidth: deps.bandwidth, budget: deps.writeBudget ?? sharedWriteBudget, meter, signal };
  let attempts = 0;
  let failuresInARow = 0;
  try {
    for (;;) {
      attempts++;
      const before = part.covered;
      meter.set(before, part.control.total ?? request.expectedSize);
      meter.flush();
      try {
        await runTransfer(context);
        break;
      } catch (error) {
        // Anything else with an errno came from the part file (truncate, save); without one it is a bug.
        if (!(error instanceof DownloadFailure) && errnoOf(error) === undefined) throw error;
        const info = signal.aborted ? canceled() : error instanceof DownloadFailure ? error.info : diskError(error, partPath);
        await part.save();
        if (info.code === 'changed') await part.reset({});
        failuresInARow = part.covered > before ? 1 : failuresInARow + 1;
        if (!info.retryable || failuresInARow >= settings.maxAttempts) {
          const message = info.retryable ? `${info.message} Gave up after ${attempts} attempts.` : info.message;
          return await failed(part, { ...info, message });
        }
        const delay = backoffDelay(failuresInARow, { maxAttempts: settings.maxAttempts, baseDelayMs: settings.retryDelayMs, maxDelayMs: MAX_RETRY_DELAY_MS }, Math.random);
        try {
          await realSleep(delay, signal);
        } catch {
          return await failed(part, canceled());
        }
      }
    }
    const bytes = part.covered;
    // Every piece was checked against its Content-Range; this guards the whole once more.
    if (part.control.total !== bytes) {
      return await failed(part, downloadError('too_short', `Only ${bytes} of ${part.control.total ?? 'an unknown number of'} bytes arrived.`));
    }
    meter.set(bytes, bytes);
    meter.flush();
    try {
      const path = await part.complete(directory, fileName);
      return { ok: true, path, bytes, attempts };
    } catch (error) {
      return await failed(part, diskError(error, partPath));
    }
  } finally {
    await part.close();
    active.delete(partPath);
  }
}

async function failed(part: PartFile, error: DownloadError): Promise<DownloadResult> {
  await part.save();
  return { ok: false, error: { ...error, partKept: await part.kept() } };
}
