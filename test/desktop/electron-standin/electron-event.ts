/** The event object Electron passes to preventable listeners (docs/api/structures/event.md). */
export interface StandinEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
  [key: string]: unknown;
}

export function preventableEvent(fields: Record<string, unknown> = {}): StandinEvent {
  const event: StandinEvent = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}
