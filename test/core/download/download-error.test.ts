import { describe, expect, it } from 'vitest';
import { diskError, networkError, statusError } from '../../../src/core/download/download-error';

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: simulated`), { code });

describe('diskError', () => {
  it.each([
    ['ENOSPC', 'disk_full'],
    ['EDQUOT', 'disk_full'],
    ['EACCES', 'permission_denied'],
    ['EPERM', 'permission_denied'],
    ['EROFS', 'permission_denied'],
    ['ENAMETOOLONG', 'path_too_long'],
    ['EIO', 'io_error'],
  ])('maps %s to %s, not retryable, with the path in the message', (code, expected) => {
    const error = diskError(errno(code), '/data/clip.mp4.part');
    expect(error).toMatchObject({ kind: 'download', code: expected, retryable: false });
    expect(error.message).toContain('/data/clip.mp4.part');
  });
});

describe('networkError', () => {
  it('treats socket failures as retryable and certificate failures as final', () => {
    expect(networkError(errno('ECONNRESET'), 'cdn.example')).toMatchObject({ code: 'network', retryable: true });
    expect(networkError(errno('ENOTFOUND'), 'cdn.example').message).toContain('cdn.example');
    expect(networkError(errno('CERT_HAS_EXPIRED'), 'cdn.example')).toMatchObject({ code: 'network', retryable: false });
  });
});

describe('statusError', () => {
  it('reports 403 and 410 as an expired link', () => {
    expect(statusError(403, 'cdn.example')).toMatchObject({ code: 'expired', status: 403, retryable: false });
    expect(statusError(410, 'cdn.example')).toMatchObject({ code: 'expired', status: 410 });
  });
  it('retries server trouble and rate limits but not other client errors', () => {
    expect(statusError(503, 'h')).toMatchObject({ code: 'http_error', retryable: true, status: 503 });
    expect(statusError(429, 'h').retryable).toBe(true);
    expect(statusError(404, 'h')).toMatchObject({ code: 'http_error', retryable: false, status: 404 });
  });
});
