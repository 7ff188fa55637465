import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { revealWhenReady } from '../../src/main/window-reveal';

/** Electron's BrowserWindow as far as revealing goes: records show and maximize, in order. */
class FakeWindow extends EventEmitter {
  calls: string[] = [];
  show(): void {
    this.calls.push('show');
  }
  maximize(): void {
    this.calls.push('maximize');
  }
}

describe('revealWhenReady', () => {
  it('does nothing before the page has painted, then shows and maximizes, in that order', () => {
    const window = new FakeWindow();
    revealWhenReady(window, true);
    expect(window.calls).toEqual([]);
    window.emit('ready-to-show');
    expect(window.calls).toEqual(['show', 'maximize']);
  });

  it('only shows a window that was not maximized, and only once', () => {
    const window = new FakeWindow();
    revealWhenReady(window, false);
    window.emit('ready-to-show');
    window.emit('ready-to-show');
    expect(window.calls).toEqual(['show']);
  });
});
