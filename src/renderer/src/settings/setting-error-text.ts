import type { TFunction } from 'i18next';
import type { ErrorInfo } from '../../../shared/errors';

const FOLDER_REASONS = new Set(['not_a_folder', 'cannot_create', 'no_permission', 'disk_full', 'timed_out', 'other']);
const UNREACHABLE = new Set(['network_error', 'timeout', 'invalid_response']);

const reasonOf = (error: ErrorInfo): string | undefined => {
  const detail = error.detail;
  return typeof detail === 'object' && detail !== null && 'reason' in detail && typeof detail.reason === 'string' ? detail.reason : undefined;
};

/**
 * Why a setting was refused, in the user's language where Trove knows the reason (a folder
 * that cannot hold files, a service that does not answer), with the engine's words under it
 * for the details; the engine's message otherwise.
 */
export function settingErrorText(error: ErrorInfo, t: TFunction): string {
  if (error.code === 'folder_not_writable') {
    const reason = reasonOf(error);
    if (reason !== undefined && FOLDER_REASONS.has(reason)) return t(`settings.folderProblems.${reason}`);
  }
  if (UNREACHABLE.has(error.code)) return `${t('settings.serviceUnreachable')} (${error.message})`;
  return error.message;
}
