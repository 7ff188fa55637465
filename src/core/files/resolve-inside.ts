import path from 'node:path';
import type { Result } from '../../shared/errors';

export interface PathEscapeError {
  code: 'path_outside_folder';
  message: string;
}

type PathApi = Pick<typeof path, 'resolve' | 'relative' | 'isAbsolute' | 'sep'>;

/**
 * The absolute path of `name` inside `directory`, or an error when the result would not be
 * a direct child of it (separators, "..", an absolute or drive-relative name). The path
 * module is injectable so the Windows rules can be proven on any OS.
 */
export function resolveInside(directory: string, name: string, pathApi: PathApi = path): Result<string, PathEscapeError> {
  const root = pathApi.resolve(directory);
  const target = pathApi.resolve(root, name);
  const relative = pathApi.relative(root, target);
  const isChild =
    relative.length > 0 &&
    relative === name &&
    !relative.includes(pathApi.sep) &&
    !relative.includes('/') &&
    relative !== '..' &&
    !pathApi.isAbsolute(relative);
  if (isChild) return { ok: true, value: target };
  return {
    ok: false,
    error: { code: 'path_outside_folder', message: `The file name "${name}" would leave the folder ${root}.` },
  };
}
