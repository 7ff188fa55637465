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
      if (privileges.standard) standardSchemes.add(scheme);
    }
  },

  /** One handler per scheme; a second throws "Failed to register protocol: <scheme>" (lib/browser/api/protocol.ts). */
  handle(scheme: string, handler: ProtocolHandler): void {
    if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    handlers.set(scheme, handler);
    for (const listener of listeners) listener();
  },
};

export const protocolRegistry = {
  handler: (scheme: string): ProtocolHandler | undefined => handlers.get(scheme),
  handledSchemes: (): string[] => [...handlers.keys()],
  /** Windows re-arm their request interception when a handler is added. */
  onChange(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
