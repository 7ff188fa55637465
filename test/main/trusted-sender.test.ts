import { describe, expect, it } from 'vitest';
import { appOrigin, originOf } from '../../src/main/app-origin';
import { isTrustedSender } from '../../src/main/trusted-sender';

const origin = appOrigin(undefined);

describe('app origin', () => {
  it('is trove-app://app in production and the dev server in development', () => {
    expect(origin).toBe('trove-app://app');
    expect(appOrigin('http://localhost:5173/index.html')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeUndefined();
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
