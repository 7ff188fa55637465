import { z } from 'zod';
import { ok } from '../../shared/errors';
import { normalizeCueText } from './cue-text';
import { normalizeSource } from './decode-subtitle-bytes';
import { finishCues } from './finish-cues';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';

/*
 * json3: `{ events: [{ tStartMs, dDurationMs, segs: [{ utf8 }] }] }`. It is protobuf JSON,
 * which leaves out zero values, so a missing tStartMs means 0. Events without `segs`
 * define windows and carry no text; `{ utf8: "\n" }` segments break lines. Unknown
 * fields (pens, window styles, tOffsetMs) are ignored.
 */
const json3Schema = z.object({
  events: z.array(
    z.object({
      tStartMs: z.number().nonnegative().default(0),
      dDurationMs: z.number().nonnegative().optional(),
      segs: z.array(z.object({ utf8: z.string().default('') })).optional(),
    }),
  ),
});

export function parseJson3(source: string): SubtitleParseResult {
  const text = normalizeSource(source);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return invalidSubtitles('json3', `not valid JSON (${reason})`, jsonErrorLine(reason, text));
  }
  const parsed = json3Schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? describePath(issue.path) : 'the document';
    return invalidSubtitles('json3', `${where}: ${issue?.message ?? 'unexpected shape'}`);
  }
  const drafts = parsed.data.events.flatMap((event) =>
    event.segs
      ? [{
          startMs: event.tStartMs,
          endMs: event.dDurationMs === undefined ? undefined : event.tStartMs + event.dDurationMs,
          text: normalizeCueText(event.segs.map((seg) => seg.utf8).join('')),
        }]
      : [],
  );
  return ok(finishCues(drafts));
}

/** `events[3].tStartMs` reads as "event 4, tStartMs". */
function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the document';
  if (path[0] !== 'events' || typeof path[1] !== 'number') return path.map(String).join('.');
  const rest = path.slice(2).map(String).join('.');
  return `event ${path[1] + 1}${rest === '' ? '' : `, ${rest}`}`;
}

/** V8 names the line, or at least the position, of a JSON syntax error. */
function jsonErrorLine(reason: string, text: string): number | undefined {
  const line = /\(line (\d+) column \d+\)/.exec(reason);
  if (line) return Number(line[1]);
  const position = /at position (\d+)/.exec(reason);
  if (position) return text.slice(0, Number(position[1])).split('\n').length;
  return text.trim() === '' ? 1 : undefined;
}
