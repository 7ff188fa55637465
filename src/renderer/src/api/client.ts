import type { TroveApi } from '../../../shared/contract';
import { encodeMediaPath } from './media-path';
import { createSocketApi } from './socket-api';
import type { ConnectionState } from './socket-api';

/**
 * Everything the UI needs from its host, whichever it is: the contract (window.trove in
 * Electron, a WebSocket in web mode) and the URL of a local file. Components use only this.
 */
export interface TroveClient {
  api: TroveApi;
  host: 'electron' | 'web';
  /** A URL the page can load a local file (thumbnail, avatar, media) from. */
  mediaUrl(filePath: string): string;
  /** Connection changes (web mode only): after a reconnect, state must be fetched again. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

declare global {
  interface Window {
    /** Set by the Electron preload (src/preload): the contract, nothing else. */
    readonly trove?: TroveApi;
  }
}

export function createClient(): TroveClient {
  if (window.trove) {
    const api = window.trove;
    return {
      api,
      host: 'electron',
      mediaUrl: (filePath) => `trove-media://local${encodeMediaPath(filePath)}`,
      onConnection: () => () => undefined,
    };
  }
  const socketUrl = new URL('/ws', window.location.href);
  socketUrl.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = createSocketApi(socketUrl.href);
  return {
    api: socket.api,
    host: 'web',
    mediaUrl: (filePath) => `/media${encodeMediaPath(filePath)}`,
    onConnection: (listener) => socket.onState(listener),
  };
}

/** An image source for a value that is either a remote preview URL or a local file path. */
export function imageSource(client: Pick<TroveClient, 'mediaUrl'>, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^https?:\/\//i.test(value) || value.startsWith('data:')) return value;
  return client.mediaUrl(value);
}
