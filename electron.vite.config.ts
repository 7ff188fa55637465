import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import manifest from './package.json' with { type: 'json' };

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Only `dependencies` are external by default. The optional ones (keytar, ffmpeg-static)
      // must be too: bundled, keytar's native file would load from inside the asar archive,
      // and where one did not install its import would not resolve and the build would fail.
      externalizeDeps: { include: Object.keys(manifest.optionalDependencies ?? {}) },
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    // A sandboxed preload can only require('electron'): it must be one self-contained
    // CommonJS file, so nothing is externalized and nothing is split into chunks.
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified unless asked: minified, the start script
      // is under half the size, so less to fetch, parse and compile before the first paint
      // (benchmark 9).
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
