export interface ImageType {
  readonly mime: string;
  readonly extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The image format by its magic bytes, not by what the server claims: thumbnails are shown
 * by the renderer, so anything that is not one of these well-known formats is refused.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('GIF8'))) return { mime: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, ascii('ftypavif'), 4)) return { mime: 'image/avif', extension: 'avif' };
  return undefined;
}
