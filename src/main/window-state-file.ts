import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../core/fs';
import { windowStateSchema } from './window-bounds';
import type { WindowState } from './window-bounds';

/** The saved window state, or undefined when there is none or it is damaged (then defaults apply). */
export async function readWindowState(file: string): Promise<WindowState | undefined> {
  try {
    return windowStateSchema.safeParse(JSON.parse(await readFile(file, 'utf8'))).data;
  } catch {
    return undefined;
  }
}

export async function writeWindowState(file: string, state: WindowState): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(state)}\n`);
}
