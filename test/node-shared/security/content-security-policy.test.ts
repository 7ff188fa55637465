import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, remoteImageSources } from '../../../src/node-shared/security/content-security-policy';

const directive = (policy: string, name: string): string | undefined =>
  policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the app itself and closes everything else by default', () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('adds the media scheme and remote previews only where asked', () => {
    const policy = contentSecurityPolicy({ imageSources: ['trove-media:', 'https:'], mediaSources: ['trove-media:'] });
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: trove-media: https:");
    expect(directive(policy, 'media-src')).toBe("media-src 'self' blob: trove-media:");
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
  });
});

describe('remoteImageSources', () => {
  it('adds a plain-http service origin (the local sandbox) to https:', () => {
    expect(remoteImageSources('http://127.0.0.1:8787/')).toEqual(['https:', 'http://127.0.0.1:8787']);
    expect(remoteImageSources('https://api.example.com/')).toEqual(['https:']);
    expect(remoteImageSources('nonsense')).toEqual(['https:']);
  });
});
