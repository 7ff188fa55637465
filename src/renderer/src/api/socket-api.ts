// The names only: contract.ts builds every command's zod schemas when it loads, which the
// renderer never uses and which cost ~65 ms before the first paint (benchmark 9).
import { COMMAND_NAMES, isEventName } from '../../../shared/contract-names';
import type { CommandName, Envelope, EventName, TroveApi } from '../../../shared/contract';

/*
 * The contract over web mode's WebSocket (src/server/socket-messages.ts): one request
 * per command with an id, events pushed by the server. Calls made while the socket is
 * (re)connecting wait for it; a call cut off by a lost connection answers with a
 * retryable error, never hangs. The token travels as an HttpOnly cookie, not in here.
 */

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface SocketApi {
  api: TroveApi;
  state(): ConnectionState;
  /** Called on each state change; `open` after a reconnect means events may have been missed. */
  onState(listener: (state: ConnectionState) => void): () => void;
}

type Listener = (payload: unknown) => void;

const DISCONNECTED: Envelope<never> = {
  ok: false,
  error: { code: 'disconnected', message: 'Lost the connection to Trove. Reconnecting…', retryable: true },
};
const MAX_BACKOFF_MS = 10_000;

export function createSocketApi(url: string): SocketApi {
  let socket: WebSocket | undefined;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let backoff = 500;
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  const outbox: string[] = [];
  const listeners = new Map<EventName, Set<Listener>>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState): void => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const receive = (data: string): void => {
    let message: { id?: unknown; event?: unknown; payload?: unknown; ok?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (isEventName(message.event)) {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
      return;
    }
    if (typeof message.id !== 'number') return;
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve?.(message as Envelope<unknown>);
  };

  const connect = (): void => {
    setState('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      backoff = 500;
      setState('open');
      for (const message of outbox.splice(0)) ws.send(message);
    });
    ws.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data === 'string') receive(event.data);
    });
    ws.addEventListener('close', () => {
      for (const resolve of pending.values()) resolve(DISCONNECTED);
      pending.clear();
      setState('closed');
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  };

  const call = (command: CommandName, input: unknown): Promise<Envelope<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      const message = JSON.stringify({ id, command, input: input ?? {} });
      if (socket?.readyState === WebSocket.OPEN) socket.send(message);
      else outbox.push(message);
    });

  const on = (name: EventName, listener: Listener): (() => void) => {
    const set = listeners.get(name) ?? new Set<Listener>();
    listeners.set(name, set);
    set.add(listener);
    return () => set.delete(listener);
  };

  const commands = Object.fromEntries(COMMAND_NAMES.map((name) => [name, (input: unknown) => call(name, input)]));
  connect();
  return {
    api: { ...commands, on } as unknown as TroveApi,
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}
