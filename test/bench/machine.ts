import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  uname: string;
  node: string;
  ffmpeg: string;
  curl: string;
  loadAverage: number[];
}

const firstLine = (command: string, args: string[]): string => {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).split('\n')[0]?.trim() ?? '';
  } catch {
    return 'not found';
  }
};

export function describeMachine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / (1 << 30)) * 10) / 10,
    uname: firstLine('uname', ['-srmo']),
    node: process.version,
    ffmpeg: firstLine('ffmpeg', ['-version']),
    curl: firstLine('curl', ['--version']),
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
