/*
 * Debian's Chromium as every browser test launches it (web mode's e2e tests and the
 * Electron stand-in's windows). Without the background-networking flags Chromium dials
 * Google's hosts at start, which this machine's closed network refuses many times over.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
