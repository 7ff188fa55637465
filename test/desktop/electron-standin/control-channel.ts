import { controlEnvelopeSchema } from './control-protocol';
import type { ControlNotice, ControlRequest } from './control-protocol';

type Handler<T extends ControlRequest['type']> = (request: Extract<ControlRequest, { type: T }>) => unknown;

const handlers = new Map<string, (request: ControlRequest) => unknown>();

/** The stand-in's end of the test-control channel (see control-protocol.ts). */
export const controlChannel = {
  /** Each stand-in module answers the requests about what it owns. */
  on<T extends ControlRequest['type']>(type: T, handler: Handler<T>): void {
    handlers.set(type, handler as (request: ControlRequest) => unknown);
  },
  notify(notice: ControlNotice): void {
    if (process.send && process.connected) process.send(notice);
  },
};

if (process.send) {
  process.on('message', (message: unknown) => {
    const parsed = controlEnvelopeSchema.safeParse(message);
    if (!parsed.success) return;
    const { id, request } = parsed.data;
    const answer = async (): Promise<unknown> => {
      const handler = handlers.get(request.type);
      if (!handler) throw new Error(`The stand-in has no control handler for ${request.type}`);
      return handler(request);
    };
    answer().then(
      (value) => process.connected && process.send?.({ id, ok: true, value: value ?? null }),
      (error: unknown) => process.connected && process.send?.({ id, ok: false, error: String(error) }),
    );
  });
  // The channel must not keep a process alive that Electron would have ended.
  process.channel?.unref();
}
