import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../shared/errors';

/*
 * Media URLs (Electron's trove-media:// and web mode's /media/) carry an absolute file path,
 * one percent-encoded segment per path part: /home/ana/Videos/a%20b.mp4, /C:/Users/ana/a.mp4.
 * A request is served only when the file it names, after following every symlink, lies
 * inside one of the roots (the download folder, the data folder). Shared by both faces.
 */

export interface MediaPathError {
  code: 'media_bad_path' | 'media_outside_roots' | 'media_not_found';
  message: string;
}

const badPath = (message: string): Result<never, MediaPathError> => ({ ok: false, error: { code: 'media_bad_path', message } });
const outside: Result<never, MediaPathError> = {
  ok: false,
  error: { code: 'media_outside_roots', message: 'That file is outside the library and data folders.' },
};
const notFound: Result<never, MediaPathError> = {
  ok: false,
  error: { code: 'media_not_found', message: 'That file does not exist (it may have been moved or deleted).' },
};

// Encoded separators and NUL would smuggle a second path through one segment.
const FORBIDDEN_ENCODED = /%(2f|5c|00)/i;
const MAX_URL_PATH = 8192;

/** The decoded segments of an encoded URL path, or why it is refused (.., encoded separators, NUL). */
export function decodeUrlPath(urlPath: string): Result<string[], MediaPathError> {
  if (urlPath.length > MAX_URL_PATH) return badPath('The media path is too long.');
  if (!urlPath.startsWith('/')) return badPath('The media path must be absolute.');
  if (FORBIDDEN_ENCODED.test(urlPath) || urlPath.includes('\\') || urlPath.includes('\0')) {
    return badPath('The media path contains an encoded separator or NUL.');
  }
  const segments: string[] = [];
  for (const raw of urlPath.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return badPath('The media path is not valid percent-encoding.');
    }
    if (segment === '' || segment === '.' || segment === '..') return badPath('The media path has an empty, "." or ".." segment.');
    segments.push(segment);
  }
  return { ok: true, value: segments };
}

/** Whether `target` is `root` itself or below it (both already absolute and normalized). */
export function isWithin(root: string, target: string, pathApi: Pick<typeof path, 'relative' | 'isAbsolute'> = path): boolean {
  const relative = pathApi.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !pathApi.isAbsolute(relative));
}

/** Each root as given (resolved) and as its real path: a request may name either form. */
async function rootForms(roots: readonly string[]): Promise<{ given: string[]; real: string[] }> {
  const given = roots.filter((root) => root.trim() !== '').map((root) => path.resolve(root));
  const real = await Promise.all(given.map((root) => realpath(root).catch(() => undefined)));
  return { given, real: real.filter((root): root is string => root !== undefined) };
}

/** The real path of the regular file an encoded media URL path names, if it is inside a root. */
export async function resolveMediaPath(roots: readonly string[], urlPath: string): Promise<Result<string, MediaPathError>> {
  const decoded = decodeUrlPath(urlPath);
  if (!decoded.ok) return decoded;
  const segments = decoded.value;
  if (path.sep === '\\') {
    if (!/^[A-Za-z]:$/.test(segments[0] ?? '')) return badPath('The media path must start with a drive letter.');
    return confineToRoots(roots, path.resolve(segments.join('\\')));
  }
  return confineToRoots(roots, path.resolve(`/${segments.join('/')}`));
}

/** A file of the built renderer for a URL path ("/" is index.html), with the same refusals. */
export async function resolveStaticPath(root: string, urlPath: string): Promise<Result<string, MediaPathError>> {
  const decoded = decodeUrlPath(urlPath === '/' ? '/index.html' : urlPath);
  if (!decoded.ok) return decoded;
  return confineToRoots([root], path.resolve(root, ...decoded.value));
}

/** `candidate` as a real path, when it is a regular file inside a root after following every symlink. */
async function confineToRoots(roots: readonly string[], candidate: string): Promise<Result<string, MediaPathError>> {
  const forms = await rootForms(roots);
  // Lexical check first, so nothing outside the roots is even probed on disk.
  if (![...forms.given, ...forms.real].some((root) => isWithin(root, candidate))) return outside;
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return notFound;
  }
  if (!forms.real.some((root) => isWithin(root, real))) return outside;
  const info = await stat(real).catch(() => undefined);
  if (!info?.isFile()) return notFound;
  return { ok: true, value: real };
}
