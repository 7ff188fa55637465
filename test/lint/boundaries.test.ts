import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * Lints planted files through the project's real eslint.config.js, so a boundary rule
 * that silently stops matching fails here rather than in a code review months later.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => ['no-restricted-imports', 'no-restricted-globals', 'trove/area-front-door'].includes(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('layer boundaries', () => {
  const violations: Array<[string, string, string]> = [
    ['src/core importing electron', 'src/core/planted.ts', "import 'electron';\n"],
    ['src/core importing the main process', 'src/core/jobs/planted.ts', "import '../../main/index';\n"],
    ['src/core importing the renderer', 'src/core/planted.ts', "import '../renderer/src/app';\n"],
    ['src/core importing web mode', 'src/core/planted.ts', "import '../server/main';\n"],
    ['src/core importing the preload', 'src/core/planted.ts', "import '../preload/index';\n"],
    ['src/shared importing node:fs', 'src/shared/planted.ts', "import 'node:fs';\n"],
    ['src/shared importing bare fs', 'src/shared/planted.ts', "import 'fs';\n"],
    ['src/shared importing src/core', 'src/shared/planted.ts', "import '../core/index';\n"],
    ['src/shared using the DOM', 'src/shared/planted.ts', 'export const title = document.title;\n'],
    ['src/renderer importing node:path', 'src/renderer/src/planted.ts', "import 'node:path';\n"],
    ['src/renderer importing src/core', 'src/renderer/src/planted.ts', "import '../../core/index';\n"],
    ['src/renderer importing electron', 'src/renderer/src/planted.ts', "import 'electron';\n"],
    ['src/renderer importing better-sqlite3', 'src/renderer/src/planted.ts', "import 'better-sqlite3';\n"],
    ['src/cli importing electron', 'src/cli/planted.ts', "import 'electron';\n"],
    ['src/server importing electron', 'src/server/planted.ts', "import 'electron';\n"],
    ['src/sandbox importing electron', 'src/sandbox/planted.ts', "import 'electron';\n"],
    ['src/start importing electron', 'src/start/planted.ts', "import 'electron';\n"],
    ['src/core importing src/node-shared', 'src/core/planted.ts', "import '../node-shared/data-dir';\n"],
    ['web mode importing the CLI', 'src/server/planted.ts', "import '../cli/main';\n"],
    ['web mode importing npm start', 'src/server/media/planted.ts', "import '../../start/main';\n"],
    ['the main process importing web mode', 'src/main/planted.ts', "import '../server/web-server';\n"],
    ['the main process importing the CLI', 'src/main/planted.ts', "import '../cli/run-cli';\n"],
    ['the CLI importing npm start', 'src/cli/commands/planted.ts', "import '../../start/ui-build';\n"],
    ['src/node-shared importing web mode', 'src/node-shared/media/planted.ts', "import '../../server/web-server';\n"],
    ['src/node-shared importing the CLI', 'src/node-shared/planted.ts', "import '../cli/main';\n"],
    ['src/node-shared importing electron', 'src/node-shared/planted.ts', "import 'electron';\n"],
    ['an engine area reaching into another one', 'src/core/jobs/planted.ts', "import { linkKey } from '../library/posts/link-key';\n"],
    ['an engine area reaching into another one\'s index file by name', 'src/core/jobs/planted.ts', "export * from '../library/index';\nimport '../library/library-store';\n"],
    ['src/core/create-core.ts reaching into an area', 'src/core/planted.ts', "import type { Db } from './db/database';\n"],
    ['a face reaching into an engine area', 'src/cli/commands/planted.ts', "import { createKeyStore } from '../../core/secrets/key-store';\n"],
    ['a face re-exporting an engine area\'s file', 'src/server/planted.ts', "export { parseByteRange } from '../core/download/content-range';\n"],
  ];

  it.each(violations)('refuses %s', async (_label, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  const allowed: Array<[string, string, string]> = [
    ['src/main importing electron', 'src/main/planted.ts', "import 'electron';\n"],
    ['src/preload importing electron', 'src/preload/planted.ts', "import 'electron';\n"],
    ['src/core importing node:fs and src/shared', 'src/core/planted.ts', "import 'node:fs';\nimport '../shared/index';\n"],
    ['src/renderer importing src/shared and react', 'src/renderer/src/planted.ts', "import 'react';\nimport '../../shared/index';\n"],
    ['the main process importing src/node-shared', 'src/main/planted.ts', "import '../node-shared/media/file-response';\n"],
    ['web mode importing src/node-shared and src/core', 'src/server/planted.ts', "import '../node-shared/data-dir';\nimport '../core/index';\n"],
    ['`trove serve` starting web mode', 'src/cli/commands/planted.ts', "import '../../server/index';\n"],
    ['src/node-shared importing src/core', 'src/node-shared/media/planted.ts', "import '../../core/index';\n"],
    ['an engine area importing another through its front door', 'src/core/jobs/planted.ts', "import { linkKey } from '../library';\nimport type { Db } from '../db/index';\n"],
    ['an engine area importing its own files', 'src/core/library/posts/planted.ts', "import '../search/search-posts';\nimport '../../library/library-store';\n"],
    ['a face importing an engine area through its front door', 'src/cli/planted.ts', "import { createKeyStore } from '../core/secrets';\n"],
  ];

  it.each(allowed)('allows %s', async (_label, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});
