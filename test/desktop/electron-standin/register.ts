import { registerHooks } from 'node:module';

/*
 * `node --import tsx --import ./test/desktop/electron-standin/register.ts out/main/index.js`
 * makes `import … from 'electron'` (the built main bundle keeps it external) resolve to the
 * stand-in. A resolve hook is Node's own documented way to redirect one specifier
 * (https://nodejs.org/api/module.html#customization-hooks); the alternatives would shadow the
 * real `electron` devDependency in node_modules or edit the bundle under test. registerHooks
 * runs in-thread, so the stand-in is one module instance shared by every importer.
 */
const standin = new URL('./electron.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron' || specifier === 'electron/main') return { url: standin, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
