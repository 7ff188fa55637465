import { describe, expect, it } from 'vitest';
import { hardenPermissions } from '../../src/main/session-hardening';
import type { PermissionSession } from '../../src/main/session-hardening';

type RequestHandler = NonNullable<Parameters<PermissionSession['setPermissionRequestHandler']>[0]>;
type CheckHandler = NonNullable<Parameters<PermissionSession['setPermissionCheckHandler']>[0]>;
type DeviceHandler = NonNullable<Parameters<PermissionSession['setDevicePermissionHandler']>[0]>;

/** Electron's session as far as permissions go: keeps the handlers so the test can ask them. */
function fakeSession(): PermissionSession & { request?: RequestHandler; check?: CheckHandler; device?: DeviceHandler } {
  const session: PermissionSession & { request?: RequestHandler; check?: CheckHandler; device?: DeviceHandler } = {
    setPermissionRequestHandler: (handler) => void (session.request = handler ?? undefined),
    setPermissionCheckHandler: (handler) => void (session.check = handler ?? undefined),
    setDevicePermissionHandler: (handler) => void (session.device = handler ?? undefined),
  };
  return session;
}

const origin = 'trove-app://app';
const ourPage = 'trove-app://app/index.html#/library/12';

/** What the request handler answers for a permission asked by a page (Electron passes a callback). */
function requested(session: ReturnType<typeof fakeSession>, permission: string, requestingUrl: string): boolean | undefined {
  let answer: boolean | undefined;
  const details = { requestingUrl, isMainFrame: true } as Parameters<RequestHandler>[3];
  session.request?.({} as never, permission as never, (granted) => (answer = granted), details);
  return answer;
}

describe('hardenPermissions', () => {
  const session = fakeSession();
  hardenPermissions(session, origin);

  it("grants fullscreen to the app's own page (the video player), by request and by check", () => {
    expect(requested(session, 'fullscreen', ourPage)).toBe(true);
    expect(session.check?.(null, 'fullscreen', origin, {} as never)).toBe(true);
  });

  it('refuses fullscreen to any other origin', () => {
    expect(requested(session, 'fullscreen', 'https://evil.example/')).toBe(false);
    expect(requested(session, 'fullscreen', 'trove-media://local/x.html')).toBe(false);
    expect(requested(session, 'fullscreen', '')).toBe(false);
    expect(session.check?.(null, 'fullscreen', 'https://evil.example', {} as never)).toBe(false);
  });

  it('refuses every other permission, even to our page, and every device', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'pointerLock', 'openExternal', 'midiSysex']) {
      expect(requested(session, permission, ourPage)).toBe(false);
      expect(session.check?.(null, permission as never, origin, {} as never)).toBe(false);
    }
    expect(session.device?.({} as never)).toBe(false);
  });
});
