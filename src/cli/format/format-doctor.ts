import type { Diagnostics, FolderFacts } from '../../shared/diagnostics';
import { formatBytes } from '../format-units';

const FFMPEG_SOURCES: Record<NonNullable<Diagnostics['ffmpeg']>['source'], string> = {
  setting: 'the path in Settings',
  environment: 'FFMPEG_PATH',
  'ffmpeg-static': 'bundled: ffmpeg-static',
  path: 'found on PATH',
  'ffmpeg-installer': 'bundled: @ffmpeg-installer/ffmpeg',
};

const KEY_SOURCES: Record<NonNullable<Diagnostics['key']>['source'], string> = {
  keychain: 'set, in the keychain',
  environment: 'set by TROVE_API_KEY',
  none: 'not set',
  session: 'set for this session only (the keychain could not keep it)',
  sandbox: "sandbox mode's own key",
};

function folderLine(facts: FolderFacts): string {
  const room = facts.freeBytes !== null && facts.totalBytes !== null ? `${formatBytes(facts.freeBytes)} free of ${formatBytes(facts.totalBytes)}` : 'free space unknown';
  const state = !facts.writable ? 'not writable' : facts.exists ? undefined : 'not created yet';
  return `${facts.path}  (${[state, room].filter(Boolean).join(', ')})`;
}

/** The facts as a two-column list, then each problem with its fix (essential ones first). */
export function doctorLines(diagnostics: Diagnostics): string[] {
  const { ffmpeg, keychain, key, service } = diagnostics;
  const facts: Array<[string, string]> = [
    ['Trove', `${diagnostics.trove} on ${diagnostics.platform}`],
    ['Node.js', diagnostics.node],
    ...(diagnostics.electron !== null ? [['Electron', diagnostics.electron] as [string, string]] : []),
    ['ffmpeg', ffmpeg ? `${ffmpeg.version}  ${ffmpeg.path}  (${FFMPEG_SOURCES[ffmpeg.source]})` : 'none works'],
    ['Keychain', keychain.works ? `${keychain.backend}, works` : `${keychain.backend === 'none' ? 'none' : keychain.backend}, does not work`],
    ['API key', key ? KEY_SOURCES[key.source] : 'unknown (the keychain did not answer)'],
    ['Data folder', folderLine(diagnostics.dataFolder)],
    ['Downloads', folderLine(diagnostics.downloadFolder)],
    ['Service', `${service.url}  (API ${service.apiVersion})`],
    ['Sandbox', service.sandbox ? 'in use: sample media only' : 'not in use'],
  ];
  const width = Math.max(...facts.map(([label]) => label.length)) + 2;
  const problems = [...diagnostics.problems].sort((a, b) => Number(b.essential) - Number(a.essential));
  const essential = problems.filter((problem) => problem.essential).length;
  return [
    ...facts.map(([label, value]) => `${label.padEnd(width)}${value}`),
    '',
    problems.length === 0
      ? 'No problems found.'
      : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}${essential > 0 ? ` (${essential} essential)` : ''}:`,
    ...problems.flatMap((problem) => [`  ${problem.essential ? 'Essential' : 'Warning'}: ${problem.message} (${problem.code})`, `    → ${problem.fix}`]),
  ];
}
