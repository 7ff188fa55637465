import { controlChannel } from './control-channel';

/**
 * What the app asked of the OS (tray, menus, shell, dialogs, notifications, progress bar),
 * kept in order so tests can read it through the control channel: the stand-in never
 * opens anything real.
 */
export interface RecordedCall {
  api: string;
  args: unknown[];
  at: number;
}

const calls: RecordedCall[] = [];

export function record(api: string, ...args: unknown[]): void {
  calls.push({ api, args: JSON.parse(JSON.stringify(args ?? null)) as unknown[], at: Date.now() });
}

export function recordedCalls(prefix = ''): RecordedCall[] {
  return calls.filter((call) => call.api.startsWith(prefix));
}

controlChannel.on('records', ({ prefix }) => recordedCalls(prefix));
