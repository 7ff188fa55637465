import { open } from 'node:fs/promises';

export interface Box {
  type: string;
  offset: number;
  size: number;
}

/** The top-level boxes (atoms) of an MP4 file, in file order, read from their headers only. */
export async function topLevelBoxes(file: string): Promise<Box[]> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const boxes: Box[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= fileSize; ) {
      await handle.read(header, 0, 16, offset);
      const small = header.readUInt32BE(0);
      // 1: a 64-bit size follows the type; 0: the box runs to the end of the file.
      const size = small === 1 ? Number(header.readBigUInt64BE(8)) : small === 0 ? fileSize - offset : small;
      if (size < 8) throw new Error(`a box of ${size} bytes at ${offset}`);
      boxes.push({ type: header.toString('latin1', 4, 8), offset, size });
      offset += size;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}
