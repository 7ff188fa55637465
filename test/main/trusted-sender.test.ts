import { describe, expect, it } from 'vitest';
import { appOrigin, devServerUrl, originOf } from '../../src/main/app-origin';
import { isTrustedSender } from '../../src/main/trusted-sender';

const origin = appOrigin(undefined);

describe('app origin', () => {
  it('is trove-app://app in production and the dev server in development', () => {
    expect(origin).toBe('trove-app://app');
    expect(appOrigin('http://localhost:5173/index.html')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeUndefined();
  });
});

describe('devServerUrl', () => {
  const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };

  it('is the dev server electron-vite names, for an app run from a checkout', () => {
    expect(devServerUrl(env, false)).toBe('http://localhost:5173');
    expect(devServerUrl({}, false)).toBeUndefined();
  });

  it('is ignored by a packaged app, whose pages stay trove-app://app', () => {
    const evil = { ELECTRON_RENDERER_URL: 'https://evil.example/' };
    expect(devServerUrl(evil, true)).toBeUndefined();
    expect(appOrigin(devServerUrl(evil, true))).toBe('trove-app://app');
  });
});

describe('isTrustedSender', () => {
  const ours = { url: 'trove-app://app/index.html#/queue', isMainFrame: true, inAppWindow: true };

  it('trusts the main frame of our window showing our page', () => {
    expect(isTrustedSender(ours, origin)).toBe(true);
  });

  it('refuses iframes, other windows, destroyed frames and foreign pages', () => {
    expect(isTrustedSender({ ...ours, isMainFrame: false }, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, inAppWindow: false }, origin)).toBe(false);
    expect(isTrustedSender(null, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, url: '' }, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, url: 'https://evil.example/' }, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, url: 'file:///home/ana/index.html' }, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, url: 'trove-app://app.evil/index.html' }, origin)).toBe(false);
    expect(isTrustedSender({ ...ours, url: 'trove-media://local/x.html' }, origin)).toBe(false);
  });
});
