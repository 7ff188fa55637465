#!/usr/bin/env node
// The package's `trove` bin: registers tsx's ESM loader in this process, then runs the
// TypeScript entry point (the same code `npm run trove` runs), so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
