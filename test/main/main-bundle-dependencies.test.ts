import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBundles } from '../built-bundles';

/*
 * electron-builder packs package.json `dependencies` (and optional ones) into the app, and
 * electron-vite leaves exactly those unbundled in the main process. So `dependencies` must
 * be what the built main bundle imports at run time: nothing it lacks, nothing it never uses
 * (the CLI, web mode and tooling run from a checkout, with devDependencies).
 */
interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;

/** `fast-xml-parser`, `@scope/name` or `tsx/esm/api` → the package it belongs to. */
const packageOf = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Every module the bundle loads: static and dynamic imports and require calls, as TypeScript's own scanner finds them. */
const importedModules = (source: string): string[] =>
  ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);

let mainBundle = '';
beforeAll(() => {
  mainBundle = readFileSync(path.join(buildBundles(), 'main/index.js'), 'utf8');
}, 180_000);

describe('the main bundle and package.json', () => {
  it('imports Node built-ins by their node: name, electron, and packages only', () => {
    const relative = importedModules(mainBundle).filter((name) => name.startsWith('.') || name.startsWith('/'));
    // Chunks split off the bundle would not be covered by this test.
    expect(relative).toEqual([]);
    const bare = importedModules(mainBundle).filter((name) => builtinModules.includes(name));
    expect(bare).toEqual([]);
  });

  it('declares as dependencies exactly the packages the main process loads at run time', () => {
    const external = new Set(
      importedModules(mainBundle)
        .filter((name) => !name.startsWith('node:') && name !== 'electron')
        .map(packageOf),
    );
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);
    expect([...external].sort()).toEqual([...declared].sort());
  });
});
