import { describe, expect, it } from 'vitest';
import { ProgressBoard, shownProgress } from '../../../src/cli/progress/progress-board';
import { jobView } from '../job-view';

describe('ProgressBoard', () => {
  it('returns the view an update replaces', () => {
    const board = new ProgressBoard();
    const first = jobView({ id: 1, state: 'queued' });
    expect(board.update(first)).toBeUndefined();
    expect(board.update(jobView({ id: 1, state: 'downloading' }))).toBe(first);
    expect(board.get(1)?.state).toBe('downloading');
  });

  it('sums bytes, sizes and the speed of active jobs into an overall ETA', () => {
    const board = new ProgressBoard();
    board.update(jobView({ id: 1, state: 'downloading', progress: { bytes: 100, total: 400, speed: 50 } }));
    board.update(jobView({ id: 2, state: 'done', progress: { bytes: 0, total: 200, speed: 999 } }));
    board.update(jobView({ id: 3, kind: 'playlist', state: 'extracting', progress: { bytes: 0, speed: 0 } }));
    const overall = board.overall();
    expect(overall).toMatchObject({ bytes: 300, total: 600, speed: 50, etaSeconds: 6 });
    expect(overall.counts).toMatchObject({ downloading: 1, done: 1, extracting: 1, queued: 0 });
  });

  it('counts a job past downloading as complete, whatever its last progress report said', () => {
    expect(shownProgress(jobView({ id: 1, state: 'done', progress: { bytes: 0, total: 300, speed: 5 } }))).toEqual({ bytes: 300, total: 300, speed: 0 });
    expect(shownProgress(jobView({ id: 1, state: 'processing', progress: { bytes: 10, total: 300, speed: 5 } }))).toEqual({ bytes: 300, total: 300, speed: 0 });
    const downloading = jobView({ id: 1, state: 'downloading', progress: { bytes: 10, total: 300, speed: 5 } });
    expect(shownProgress(downloading)).toBe(downloading.progress);
  });

  it('leaves the total and ETA unknown while a post does not know its size', () => {
    const board = new ProgressBoard();
    board.update(jobView({ id: 1, state: 'downloading', progress: { bytes: 100, total: 400, speed: 50 } }));
    board.update(jobView({ id: 2, state: 'queued' }));
    const overall = board.overall();
    expect(overall.total).toBeUndefined();
    expect(overall.etaSeconds).toBeUndefined();
  });
});
