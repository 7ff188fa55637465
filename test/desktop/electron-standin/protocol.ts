import { app } from './app';

/*
 * Electron's `protocol` (docs/api/protocol.md; shell/browser/api/electron_api_protocol.cc,
 * lib/browser/api/protocol.ts).
 */

interface SchemePrivileges {
  standard?: boolean;
  secure?: boolean;
  supportFetchAPI?: boolean;
  stream?: boolean;
  bypassCSP?: boolean;
  corsEnabled?: boolean;
  allowServiceWorkers?: boolean;
  codeCache?: boolean;
}

export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

const privileged = new Map<string, SchemePrivileges>();
const handlers = new Map<string, ProtocolHandler>();
const listeners = new Set<() => void>();

/** Schemes registered as standard: their documents get a real origin (see scheme-url.ts). */
export const standardSchemes = new Set<string>();

export const protocol = {
  /**
   * Only before 'ready', as in Electron, which throws
   * "protocol.registerSchemesAsPrivileged should be called before app is ready".
   */
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: SchemePrivileges }[]): void {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    for (const { scheme, privileges = {} } of schemes) {
      privileged.set(scheme, privileges);
      if (privileges.standard) standardSchemes.add(scheme);
    }
  },

  /** One handler per scheme; a second throws "Failed to register protocol: <scheme>" (lib/browser/api/protocol.ts). */
  handle(scheme: string, handler: ProtocolHandler): void {
    if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    handlers.set(scheme, handler);
    for (const listener of listeners) listener();
  },

  unhandle(scheme: string): void {
    handlers.delete(scheme);
    for (const listener of listeners) listener();
  },

  isProtocolHandled(scheme: string): boolean {
    return handlers.has(scheme);
  },
};

export const protocolRegistry = {
  handler: (scheme: string): ProtocolHandler | undefined => handlers.get(scheme),
  handledSchemes: (): string[] => [...handlers.keys()],
  privileges: (scheme: string): SchemePrivileges | undefined => privileged.get(scheme),
  /** Windows re-arm their request interception when a handler is added or removed. */
  onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
