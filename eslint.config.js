// @ts-check
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layer boundaries (docs/ARCHITECTURE.md), enforced here so they cannot erode:
 *   src/shared   pure TypeScript: no node:, no DOM, nothing outside src/shared
 *   src/core     Node only: never electron, main, preload, renderer, server, cli or node-shared
 *   src/node-shared  Node code several faces share: never a face
 *   faces        main, server, cli never import one another (start and cli may start web mode)
 *   src/renderer browser only: src/shared and browser packages
 *   electron     imported only by src/main and src/preload
 * test/lint/boundaries.test.ts lints planted violations to prove each rule still bites.
 */

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'node:*'];
const layer = (name) => [`**/${name}`, `**/${name}/**`];
const electronBan = { name: 'electron', message: 'Only src/main and src/preload may import electron.' };
const nodeOnlyPackages = ['better-sqlite3', 'keytar', '@napi-rs/keyring', 'ws', 'ffmpeg-static', '@ffmpeg-installer/ffmpeg', 'commander', 'cli-progress'];

/** @param {{ paths?: any[], patterns?: any[] }} rules */
const restrict = ({ paths = [], patterns = [] }) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});

const faceToFace = 'Faces never import one another: Node code several faces share lives in src/node-shared.';
/**
 * The Node faces and the module below them: none imports Electron or renderer code, a face
 * imports no other face except to start web mode (src/start and `trove serve` run
 * src/server), and src/node-shared, shared by the faces, imports none of them.
 * @type {Array<[string, string[], string]>}
 */
const nodeFaces = [
  ['cli', ['start'], faceToFace],
  ['server', ['cli', 'start'], faceToFace],
  ['start', ['cli'], faceToFace],
  ['node-shared', ['server', 'cli', 'start', 'sandbox'], 'src/node-shared sits below the faces: it imports src/core and src/shared only.'],
];
const nodeFaceRules = nodeFaces.map(([name, faces, message]) => ({
  files: [`src/${name}/**/*.ts`],
  rules: restrict({
    paths: [electronBan],
    patterns: [
      { group: ['main', 'preload', 'renderer'].flatMap(layer), message: 'The engine and the Node faces never import Electron or renderer code.' },
      { group: faces.flatMap(layer), message },
    ],
  }),
}));

const CORE = path.join(import.meta.dirname, 'src', 'core');
/** The engine area (src/core/<area>/…) a path is in; undefined for src/core's own files and outside it. */
const areaOf = (file) => {
  const parts = path.relative(CORE, file).split(path.sep);
  return parts[0] === '..' || path.isAbsolute(parts[0] ?? '') || parts.length < 2 ? undefined : parts[0];
};
/**
 * Each engine area's index.ts is its only public surface: from outside src/core/<area>, an
 * import names the area (its index), never one of its files. Inside the area, anything goes.
 */
const areaFrontDoor = {
  meta: { type: 'problem', schema: [], messages: { inside: "'{{spec}}' reaches into src/core/{{area}}: import the area itself ('{{door}}'), its index.ts is its front door." } },
  create(context) {
    const mine = areaOf(context.filename);
    /** @param {any} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      const area = areaOf(target);
      if (area === undefined || area === mine) return;
      if (/^index(\.tsx?)?$/.test(path.relative(path.join(CORE, area), target))) return;
      const door = path.relative(path.dirname(context.filename), path.join(CORE, area));
      context.report({ node: node.source, messageId: 'inside', data: { spec, area, door: door.startsWith('.') ? door : `./${door}` } });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tools/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { trove: { rules: { 'area-front-door': areaFrontDoor } } },
    rules: { 'trove/area-front-door': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronBan] }],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict({
        paths: [electronBan, ...nodeOnlyPackages],
        patterns: [
          { group: nodeBuiltins, message: 'src/shared is pure TypeScript: no Node modules.' },
          {
            group: ['core', 'main', 'preload', 'renderer', 'server', 'cli', 'sandbox'].flatMap(layer),
            message: 'src/shared imports nothing outside src/shared.',
          },
        ],
      }),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'Buffer'],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: restrict({
      paths: [electronBan],
      patterns: [
        {
          group: ['main', 'preload', 'renderer'].flatMap(layer),
          message: 'The engine and the Node faces never import Electron or renderer code.',
        },
      ],
    }),
  },
  {
    files: ['src/core/**/*.ts'],
    rules: restrict({
      paths: [electronBan],
      patterns: [
        {
          group: ['main', 'preload', 'renderer', 'server', 'cli', 'start', 'node-shared'].flatMap(layer),
          message: 'src/core never imports a face (main, preload, renderer, server, cli, start) or src/node-shared.',
        },
      ],
    }),
  },
  ...nodeFaceRules,
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict({
      paths: [electronBan, ...nodeOnlyPackages],
      patterns: [
        { group: nodeBuiltins, message: 'The renderer runs in a browser: no Node modules.' },
        {
          group: ['core', 'main', 'preload', 'server', 'cli', 'sandbox'].flatMap(layer),
          message: 'The renderer talks to the engine only through the contract in src/shared.',
        },
      ],
    }),
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: restrict({ patterns: [{ group: ['renderer', 'server', 'cli', 'start'].flatMap(layer), message: faceToFace }] }),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict({
      patterns: [{ group: ['core', 'renderer', 'server', 'cli', 'sandbox'].flatMap(layer), message: 'The preload only bridges the contract.' }],
    }),
  },
  {
    // The stand-in's conformance fixtures: a main process may import electron (the stand-in),
    // page scripts run in the browser, and the preload is CommonJS as a sandboxed one must be.
    files: ['test/desktop/fixtures/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
