import { describe, expect, it } from 'vitest';
import { needsNewImagePolicy } from '../../src/renderer/src/shell/image-policy';

describe('the image policy after a change of service', () => {
  it('asks for a reload only when the service moves to another plain-http origin', () => {
    expect(needsNewImagePolicy('https://api.example.com', 'http://127.0.0.1:40123')).toBe(true);
    expect(needsNewImagePolicy('http://127.0.0.1:40123', 'http://127.0.0.1:40123/openapi')).toBe(false);
    expect(needsNewImagePolicy('http://127.0.0.1:40123', 'https://api.example.com')).toBe(false);
    expect(needsNewImagePolicy('http://127.0.0.1:40123', 'not a url')).toBe(false);
  });
});
