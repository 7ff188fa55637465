import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../src/main/external-url';

describe('isSafeExternalUrl', () => {
  it('accepts plain http and https links', () => {
    expect(isSafeExternalUrl('https://video.example/watch/abc?t=1#x')).toBe(true);
    expect(isSafeExternalUrl('http://example.com/')).toBe(true);
  });

  it('refuses every other scheme', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>',
      'trove-app://app/index.html',
      'smb://host/share',
      'ms-settings:privacy',
      'vbscript:msgbox',
      'ftp://example.com/',
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });

  it('refuses credentials, control characters, spaces, relative and oversized links', () => {
    expect(isSafeExternalUrl('https://user:pass@example.com/')).toBe(false);
    expect(isSafeExternalUrl('https://example.com/\u0000x')).toBe(false);
    expect(isSafeExternalUrl(' https://example.com/')).toBe(false);
    expect(isSafeExternalUrl('https://exa mple.com/')).toBe(false);
    expect(isSafeExternalUrl('/relative/path')).toBe(false);
    expect(isSafeExternalUrl('')).toBe(false);
    expect(isSafeExternalUrl(`https://example.com/${'a'.repeat(5000)}`)).toBe(false);
  });
});
