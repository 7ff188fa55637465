import { EventEmitter } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { notifier } from '../../src/main/notifier';

/*
 * Electron's Notification, as far as a notifier goes: an EventEmitter that records being
 * shown. Only WeakRefs to the instances are kept here, so the test can see whether the
 * notifier (and nothing else) keeps them alive through a real garbage collection.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

class FakeNotification extends EventEmitter {
  static supported = true;
  static created: Array<WeakRef<FakeNotification>> = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  constructor(readonly options: { title?: string; body?: string }) {
    super();
    FakeNotification.created.push(new WeakRef(this));
  }
  show(): void {
    this.shown = true;
  }
}

/** Whether the n-th notification created so far still exists after a full collection. */
async function alive(index: number): Promise<boolean> {
  // A WeakRef's target stays alive until the current job ends: collect on a later turn.
  await nextTurn();
  collectGarbage();
  return FakeNotification.created[index]?.deref() !== undefined;
}

const emit = (index: number, event: string): void => void FakeNotification.created[index]?.deref()?.emit(event);

describe('notifier', () => {
  it('shows the notice and keeps the notification alive until it is clicked, then runs onClick once', async () => {
    const notify = notifier(FakeNotification);
    let clicks = 0;
    const first = FakeNotification.created.length;
    notify({ title: 'Download finished', body: 'clip' }, () => (clicks += 1));
    expect(FakeNotification.created[first]?.deref()).toMatchObject({ shown: true, options: { title: 'Download finished', body: 'clip' } });
    expect(await alive(first)).toBe(true);
    emit(first, 'click');
    expect(clicks).toBe(1);
    expect(await alive(first)).toBe(false);
  });

  it('lets a notification go when it is closed or fails', async () => {
    const notify = notifier(FakeNotification);
    const first = FakeNotification.created.length;
    notify({ title: 'a', body: '' });
    notify({ title: 'b', body: '' });
    emit(first, 'close');
    emit(first + 1, 'failed');
    expect(await alive(first)).toBe(false);
    expect(await alive(first + 1)).toBe(false);
  });

  it('keeps at most 50, letting the oldest go first', async () => {
    const notify = notifier(FakeNotification);
    const first = FakeNotification.created.length;
    for (let index = 0; index < 51; index += 1) notify({ title: `n${index}`, body: '' });
    expect(await alive(first)).toBe(false);
    expect(await alive(first + 1)).toBe(true);
    expect(await alive(first + 50)).toBe(true);
  });

  it('shows nothing where the OS has no notifications', () => {
    FakeNotification.supported = false;
    const before = FakeNotification.created.length;
    notifier(FakeNotification)({ title: 'x', body: '' });
    FakeNotification.supported = true;
    expect(FakeNotification.created.length).toBe(before);
  });
});
