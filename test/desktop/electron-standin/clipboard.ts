import { controlChannel } from './control-channel';

/*
 * Electron's clipboard (docs/api/clipboard.md), in memory: the test writes to it through
 * the control channel as a user copying a link would; the desktop's clipboard is untouched.
 */

let text = '';

export const clipboard = {
  readText: (): string => text,
  writeText: (value: string): void => {
    text = value;
  },
};

controlChannel.on('clipboard.write', ({ text: value }) => {
  text = value;
  return true;
});
controlChannel.on('clipboard.read', () => text);
