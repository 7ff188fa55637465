import { constants } from 'node:fs';
import { open, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../api';
import { moveToUniqueName } from '../files';
import { addRange, clampRanges, coveredBytes, type ByteRange } from './byte-ranges';
import { readControlFile, removeControlFile, resourceFingerprint, writeControlFile, type ControlFile } from './control-file';
import { hasValidator, type Validator } from './validator';

// The control file is rewritten at most this often while bytes arrive.
const SAVE_INTERVAL_MS = 1_000;
// Every this many bytes written, a background fdatasync starts (one at a time): the disk
// writes the file during the transfer instead of all at once in the final fsync, where
// the kernel would otherwise leave it (up to 10 % of memory stays dirty). Benchmark 1.
const FLUSH_BEHIND_BYTES = 16 << 20;

const sizeOf = async (file: string): Promise<number | undefined> => {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
};

/** `<name>.part` beside the final name, and its control file `<name>.part.json`. */
export function partPathsFor(directory: string, fileName: string): { partPath: string; controlPath: string } {
  const partPath = path.join(directory, `${fileName}.part`);
  return { partPath, controlPath: `${partPath}.json` };
}

/**
 * `<name>.part` and its control file: the bytes so far and which ranges of them are
 * finished. One file handle serves all connections; every write is positioned, so
 * parallel writes to different ranges are safe.
 */
export class PartFile {
  private dirty = false;
  private lastSave = Number.NEGATIVE_INFINITY;
  private saving: Promise<void> = Promise.resolve();
  private saveQueued = false;
  private unflushed = 0;
  private flushing: Promise<void> | undefined;
  /** Finished bytes the control file on disk vouches for: what a later run can resume. */
  private persisted = 0;

  private constructor(
    readonly partPath: string,
    readonly controlPath: string,
    readonly file: FileHandle,
    public control: ControlFile,
    private readonly clock: Clock,
  ) {}

  /** Opens (creating if needed) the part for `fileName`, keeping its finished ranges when they can be trusted. */
  static async open(directory: string, fileName: string, url: URL, clock: Clock): Promise<PartFile> {
    const { partPath, controlPath } = partPathsFor(directory, fileName);
    const resource = resourceFingerprint(url);
    const stored = await readControlFile(controlPath);
    const size = await sizeOf(partPath);
    // With a validator the server judges through If-Range; without one, only the same path is trusted.
    const trusted = stored !== undefined && size !== undefined && (hasValidator(stored) || stored.resource === resource);
    const control: ControlFile = trusted
      ? { ...stored, resource, done: clampRanges(stored.done, size) }
      : { version: 1, resource, total: null, done: [] };
    const file = await open(partPath, constants.O_RDWR | constants.O_CREAT);
    const part = new PartFile(partPath, controlPath, file, control, clock);
    part.persisted = coveredBytes(control.done);
    if (!trusted) await file.truncate(0);
    return part;
  }

  get validator(): Validator {
    return { etag: this.control.etag, lastModified: this.control.lastModified };
  }

  get done(): readonly ByteRange[] {
    return this.control.done;
  }

  get covered(): number {
    return coveredBytes(this.control.done);
  }

  setValidator(validator: Validator): void {
    this.control.etag = validator.etag;
    this.control.lastModified = validator.lastModified;
    this.dirty = true;
  }

  /**
   * Known total size: the file gets that length at once (sparse), so any range can be
   * written; the control file is written now, before the data can fill the disk.
   */
  async setTotal(total: number): Promise<void> {
    this.control.total = total;
    this.dirty = true;
    await this.file.truncate(total);
    await this.save();
  }

  /** A body whose length nobody announced ended here. */
  endsAt(total: number): void {
    this.control.total = total;
    this.dirty = true;
  }

  markWritten(start: number, end: number): void {
    this.control.done = addRange(this.control.done, start, end);
    this.dirty = true;
    if (this.clock.now() - this.lastSave >= SAVE_INTERVAL_MS) void this.save();
    this.unflushed += end - start;
    if (this.unflushed >= FLUSH_BEHIND_BYTES && this.flushing === undefined) this.flushBehind();
  }

  /** Best effort: what it cannot flush, the final fsync (which reports errors) will. */
  private flushBehind(): void {
    this.unflushed = 0;
    this.flushing = this.file
      .datasync()
      .catch(() => undefined)
      .finally(() => (this.flushing = undefined));
  }

  /** Forget everything: a different version of the resource starts from zero. */
  async reset(validator: Validator): Promise<void> {
    this.control = { version: 1, resource: this.control.resource, total: null, done: [] };
    this.setValidator(validator);
    await this.file.truncate(0);
    await this.save();
  }

  /**
   * Writes the control file. The part's data is synced first, so the control file never
   * vouches for bytes a power cut could still lose. Calls while a save runs are folded
   * into one more save after it. Best effort: a lost update only costs resume progress,
   * and what stops it (a full disk) is reported by the data writes anyway.
   */
  save(): Promise<void> {
    this.lastSave = this.clock.now();
    if (this.saveQueued) return this.saving;
    this.saveQueued = true;
    this.saving = this.saving.then(async () => {
      this.saveQueued = false;
      if (!this.dirty) return;
      this.dirty = false;
      const snapshot: ControlFile = { ...this.control, done: [...this.control.done] };
      try {
        await this.file.datasync();
        await writeControlFile(this.controlPath, snapshot);
        this.persisted = coveredBytes(snapshot.done);
      } catch {
        this.dirty = true;
      }
    });
    return this.saving;
  }

  /** fsync, close, then move to the final name (never over an existing file); returns that path. */
  async complete(directory: string, fileName: string): Promise<string> {
    await this.saving;
    await this.flushing;
    await this.file.sync();
    await this.file.close();
    const target = await moveToUniqueName(this.partPath, directory, fileName);
    await removeControlFile(this.controlPath);
    await syncDirectory(directory);
    return target;
  }

  async close(): Promise<void> {
    await this.saving;
    await this.flushing;
    await this.file.close().catch(() => undefined);
  }

  /** Whether a part remains on disk that a later run can resume. */
  async kept(): Promise<boolean> {
    await this.saving;
    return this.persisted > 0 && (await sizeOf(this.partPath)) !== undefined;
  }
}

/** Deletes a part and its control file, e.g. when the user cancels a download for good. */
export async function removePartFiles(directory: string, fileName: string): Promise<void> {
  const { partPath, controlPath } = partPathsFor(directory, fileName);
  await rm(partPath, { force: true });
  await removeControlFile(controlPath);
}

/** Makes the rename durable; not possible (nor needed) on every platform. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a directory for fsync; NTFS journals the rename itself.
  }
}
