import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { preferredPortOrAny } from '../../src/start/free-port';

/* npm start's port: 8788 when it is free, any free port when something already listens there. */

let holder: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve())));

function listen(port: number): Promise<number> {
  holder = createServer();
  return new Promise((resolve) => holder!.listen(port, '127.0.0.1', () => resolve((holder!.address() as AddressInfo).port)));
}

describe('preferredPortOrAny', () => {
  it('keeps a free port, and gives 0 (any free port) for a taken one', async () => {
    const taken = await listen(0);
    expect(await preferredPortOrAny(taken)).toBe(0);
    await new Promise<void>((resolve) => holder!.close(() => resolve()));
    holder = undefined;
    expect(await preferredPortOrAny(taken)).toBe(taken);
  });
});
