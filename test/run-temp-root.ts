import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup: one temp folder for the whole run, removed at its end. Tests and the
 * processes they start make their folders with os.tmpdir(), which follows TMPDIR, so
 * nothing a run writes (data folders, downloads, databases) is left behind in /tmp, even
 * when a test fails before its own clean-up. Set TROVE_KEEP_TEST_TMP=1 to keep it for a look.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'trove-test-run-'));
  process.env['TMPDIR'] = root;
  return () => {
    if (process.env['TROVE_KEEP_TEST_TMP'] === '1') console.log(`test files kept in ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
