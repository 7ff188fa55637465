import type { IncomingHttpHeaders } from 'node:http';

/** What identifies one version of a resource: its ETag and/or Last-Modified. */
export interface Validator {
  etag?: string;
  lastModified?: string;
}

export function validatorOf(headers: IncomingHttpHeaders): Validator {
  const validator: Validator = {};
  if (typeof headers.etag === 'string' && headers.etag.length > 0) validator.etag = headers.etag;
  if (typeof headers['last-modified'] === 'string' && headers['last-modified'].length > 0) validator.lastModified = headers['last-modified'];
  return validator;
}

export const hasValidator = (validator: Validator): boolean => validator.etag !== undefined || validator.lastModified !== undefined;

/** The If-Range value: a strong ETag (RFC 9110 forbids weak ones there), else the date. */
export function ifRangeValue(validator: Validator): string | undefined {
  if (validator.etag !== undefined && !validator.etag.startsWith('W/')) return validator.etag;
  return validator.lastModified;
}

/** False only when both sides state the same kind of validator and they differ. */
export function sameVersion(stored: Validator, received: Validator): boolean {
  if (stored.etag !== undefined && received.etag !== undefined) return stored.etag === received.etag;
  if (stored.lastModified !== undefined && received.lastModified !== undefined) return stored.lastModified === received.lastModified;
  return true;
}
