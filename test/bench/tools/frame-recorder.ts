import type { CDPSession, Page } from 'playwright-core';
import { percentile } from '../stats';

/*
 * Frame times and heap of a page in real Chromium. Frames are the gaps between
 * requestAnimationFrame callbacks (what a user sees as smooth or not); the heap is V8's
 * used size as the DevTools protocol reports it. The in-page code is passed as text: the
 * bench runs under tsx, whose helpers (e.g. __name) do not exist inside the page.
 */

/** What the page recorded: every frame's gap, and Chromium's long animation frames (> 50 ms of work) with their script time. */
export interface Recording {
  deltas: number[];
  long: Array<{ duration: number; scriptMs: number }>;
}

export interface FrameStats {
  frames: number;
  p95Ms: number;
  maxMs: number;
  /** Frames over 50 ms: what a user feels as a stall. */
  over50: number;
  /**
   * Long animation frames and the script time inside them: a slow frame with little
   * script in it was the machine (another process had the core), not the page's work.
   */
  longFrames: number;
  longFrameScriptMs: number;
}

export function frameStats({ deltas, long }: Recording): FrameStats {
  return {
    frames: deltas.length,
    p95Ms: percentile(deltas, 95),
    maxMs: Math.max(0, ...deltas),
    over50: deltas.filter((delta) => delta > 50).length,
    longFrames: long.length,
    longFrameScriptMs: long.reduce((sum, frame) => sum + frame.scriptMs, 0),
  };
}

// In-page: start observing long animation frames into window.__benchLong.
const OBSERVE_LONG = `
    const long = [];
    window.__benchLong = long;
    window.__benchObserver?.disconnect();
    window.__benchObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) long.push({ duration: entry.duration, scriptMs: entry.scripts.reduce((sum, script) => sum + script.duration, 0) });
    });
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) window.__benchObserver.observe({ type: 'long-animation-frame' });`;
const STOP_LONG = `window.__benchObserver?.disconnect(); const long = window.__benchLong;`;

/** Starts recording every frame of the page until `stopFrames`. */
export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(`(() => {${OBSERVE_LONG}
    const frames = [];
    window.__benchFrames = frames;
    window.__benchRecording = true;
    let previous;
    const step = (now) => {
      if (previous !== undefined) frames.push(now - previous);
      previous = now;
      if (window.__benchRecording) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })()`);
}

export async function stopFrames(page: Page): Promise<Recording> {
  return page.evaluate(`(() => { window.__benchRecording = false; ${STOP_LONG} return { deltas: window.__benchFrames, long }; })()`);
}

/**
 * Scrolls an element from its top to its bottom in `frames` equal steps, one per frame (a
 * user dragging the scroll bar), and returns the frame times.
 */
export async function scrollToBottom(page: Page, selector: string, frames: number): Promise<Recording> {
  return page.evaluate(`new Promise((resolve) => {${OBSERVE_LONG}
    const element = document.querySelector(${JSON.stringify(selector)});
    element.scrollTop = 0;
    const deltas = [];
    let previous;
    let step = 0;
    const frame = (now) => {
      if (previous !== undefined) deltas.push(now - previous);
      previous = now;
      step += 1;
      element.scrollTop = ((element.scrollHeight - element.clientHeight) * step) / ${frames};
      if (step < ${frames}) requestAnimationFrame(frame);
      else { ${STOP_LONG} resolve({ deltas, long }); }
    };
    requestAnimationFrame(frame);
  })`);
}

/**
 * Registers, before the page's own scripts, a note of when the first element matching
 * `selector` is painted (the frame after it enters the DOM), in ms from navigation start.
 */
export async function watchFirstPaint(page: Page, selector: string): Promise<void> {
  await page.addInitScript(`(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(selector)})) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__benchFirstPaint = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  })()`);
}

/**
 * Polls an expression in the page until it is truthy. Not waitForFunction: given text,
 * that evals it inside the page, which the app's CSP refuses; and functions would need the
 * DOM types, which the node-side type check of the bench does not have.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function firstPaintMs(page: Page): Promise<number> {
  await waitInPage(page, 'window.__benchFirstPaint !== undefined');
  return page.evaluate('window.__benchFirstPaint');
}

/** V8's used heap of the page, in bytes. */
export async function usedHeap(session: CDPSession): Promise<number> {
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  return usedSize;
}
