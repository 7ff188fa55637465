import { describe, expect, it } from 'vitest';
import { interceptPatterns, toChromiumUrl, toElectronUrl } from './scheme-url';

const standard = new Set(['trove-app', 'trove-media']);

describe('the stand-in maps a standard custom scheme to a real origin and back', () => {
  it('loads trove-app://app/… from http://app.trove-app.localhost/… and reports it back unchanged', () => {
    const url = 'trove-app://app/index.html?x=1#/library/12';
    expect(toChromiumUrl(url, standard)).toBe('http://app.trove-app.localhost/index.html?x=1#/library/12');
    expect(toElectronUrl(toChromiumUrl(url, standard), standard)).toBe(url);
  });

  it('leaves other URLs alone: unregistered schemes, real http(s), a localhost with a port', () => {
    for (const url of ['conf://page/', 'https://example.com/a', 'http://127.0.0.1:5173/', 'http://app.other.localhost/']) {
      expect(toChromiumUrl(url, standard)).toBe(url);
      expect(toElectronUrl(url, standard)).toBe(url);
    }
    expect(toElectronUrl('http://app.trove-app.localhost:8080/', standard)).toBe('http://app.trove-app.localhost:8080/');
  });

  it('intercepts both the scheme itself (subresources) and its mapped documents', () => {
    expect(interceptPatterns(['trove-media']).map((pattern) => pattern.urlPattern)).toEqual(['trove-media://*', 'http://*.trove-media.localhost/*']);
  });
});
