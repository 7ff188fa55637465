import { RETRYABLE_BY_CODE, V1_TO_LEGACY_ERROR_CODE } from '../../shared/error-codes';
import { HTTP_ERROR_INFO, type HttpErrorCode, type SandboxErrorCode } from './codes';
import { localizedMessage, type Language } from './language';
import type { ApiVersion } from '../api-version';

/** An expected failure of an API request, as data; rendered per version and language. */
export interface ApiFailure {
  status: number;
  code: SandboxErrorCode;
  /** 422 only: the validation issues. */
  detail?: ValidationIssue[];
  headers?: Record<string, string>;
}

/** One entry of a 422 `detail` array (FastAPI's shape, which the real service's 422s resemble). */
export interface ValidationIssue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

export const failure = (status: number, code: SandboxErrorCode, extra: Omit<ApiFailure, 'status' | 'code'> = {}): ApiFailure => ({
  status,
  code,
  ...extra,
});

const isHttpCode = (code: SandboxErrorCode): code is HttpErrorCode => Object.hasOwn(HTTP_ERROR_INFO, code);

/** The legacy name and retryable flag: the shared table for the 18 codes, the sandbox's for HTTP-level ones. */
function codeInfo(code: SandboxErrorCode): { legacy: string; retryable: boolean } {
  if (isHttpCode(code)) return HTTP_ERROR_INFO[code];
  return { legacy: V1_TO_LEGACY_ERROR_CODE[code], retryable: RETRYABLE_BY_CODE[code] };
}

/** v1: {message, code, retryable}; legacy: {message, code: PascalCase}; both add `detail` on 422. */
export function errorBody(f: ApiFailure, version: ApiVersion, language: Language): Record<string, unknown> {
  const info = codeInfo(f.code);
  const message = localizedMessage(f.code, language);
  const base = version === 'v1' ? { message, code: f.code, retryable: info.retryable } : { message, code: info.legacy };
  return f.detail ? { ...base, detail: f.detail } : base;
}
