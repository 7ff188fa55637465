import { describe, expect, it } from 'vitest';
import { createFfmpegGate } from '../../../src/core/media/ffmpeg-gate';
import { runFfmpeg } from '../../../src/core/media/run-ffmpeg';
import { systemFfmpeg } from './system-ffmpeg';

describe('createFfmpegGate', () => {
  it('lets in as many as its size, then one per release, in order', async () => {
    const gate = createFfmpegGate(2);
    const first = await gate.enter();
    const second = await gate.enter();
    const order: string[] = [];
    const entered = (name: string) => (leave: (() => void) | false) => {
      order.push(name);
      return leave;
    };
    const third = gate.enter().then(entered('third'));
    const fourth = gate.enter().then(entered('fourth'));
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 2, waiting: 2 });

    if (!first || !second) throw new Error('the first two should enter at once');
    first();
    first(); // a second release of the same place frees nothing more
    const leaveThird = await third;
    expect(order).toEqual(['third']);
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 2, waiting: 1 });
    second();
    const leaveFourth = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    if (!leaveThird || !leaveFourth) throw new Error('both should have entered');
    leaveThird();
    leaveFourth();
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up a wait on abort, and lets nobody in on an aborted signal', async () => {
    const gate = createFfmpegGate(1);
    const held = await gate.enter();
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(await gate.enter(controller.signal)).toBe(false);
    expect(gate.waiting).toBe(0);
    if (held) held();
    expect(gate.running).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => createFfmpegGate(0)).toThrow(RangeError);
  });
});

describe('runFfmpeg at a gate', () => {
  it('starts ffmpeg only once a place is free, and frees its place when ffmpeg ends', async () => {
    const ffmpeg = await systemFfmpeg();
    const gate = createFfmpegGate(1);
    const held = await gate.enter();
    const lines: string[] = [];
    const run = runFfmpeg(ffmpeg, ['-version'], { gate, onStdoutLine: (line) => lines.push(line) });
    await Promise.resolve();
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 1, waiting: 1 });
    if (held) held();
    expect(await run).toMatchObject({ code: 0, canceled: false });
    expect(lines[0]).toMatch(/^ffmpeg version/);
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('is canceled without starting when aborted while it waits', async () => {
    const ffmpeg = await systemFfmpeg();
    const gate = createFfmpegGate(1);
    const held = await gate.enter();
    const controller = new AbortController();
    const run = runFfmpeg(ffmpeg, ['-version'], { gate, signal: controller.signal });
    controller.abort();
    expect(await run).toEqual({ code: null, stderr: '', canceled: true });
    if (held) held();
  });
});
