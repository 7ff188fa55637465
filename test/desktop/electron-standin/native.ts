import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * nativeImage, nativeTheme and net as far as the main process uses them
 * (docs/api/native-image.md, docs/api/native-theme.md, docs/api/net.md).
 */

class NativeImage {
  constructor(
    readonly path: string,
    private readonly bytes: Buffer | undefined,
  ) {}

  /** createFromPath gives an empty image for a missing or unreadable file instead of throwing. */
  isEmpty(): boolean {
    return !this.bytes || this.bytes.length === 0;
  }

  toPNG(): Buffer {
    return this.bytes ?? Buffer.alloc(0);
  }

  setTemplateImage(_template: boolean): void {
    // A macOS idea; nothing to keep on Linux.
  }

  toString(): string {
    return this.path;
  }
}

export const nativeImage = {
  createFromPath: (file: string): NativeImage => new NativeImage(file, existsSync(file) ? readFileSync(file) : undefined),
};

class NativeTheme extends EventEmitter {
  themeSource: 'system' | 'light' | 'dark' = 'system';
  get shouldUseDarkColors(): boolean {
    return this.themeSource === 'dark';
  }
}

export const nativeTheme = new NativeTheme();

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/**
 * net.fetch: Chromium's network stack, which also reads file: URLs (with a MIME type from
 * the extension) and rejects for a missing file with net::ERR_FILE_NOT_FOUND.
 */
export const net = {
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.startsWith('file:')) return globalThis.fetch(input, init);
    const file = fileURLToPath(url);
    try {
      const body = await readFile(file);
      return new Response(body, { status: 200, headers: { 'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' } });
    } catch {
      throw new Error('net::ERR_FILE_NOT_FOUND');
    }
  },
};
