import { controlChannel } from './control-channel';
import { record } from './recorder';

/*
 * Electron's dialog and shell (docs/api/dialog.md, docs/api/shell.md): recorded, never
 * opening anything real. showOpenDialog answers what the test set through the control
 * channel, or canceled.
 */

let nextOpenAnswer: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] };

export const dialog = {
  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    // Called as (window, options) or (options).
    record('dialog.showOpenDialog', args.length > 1 ? args[1] : args[0]);
    const answer = nextOpenAnswer;
    nextOpenAnswer = { canceled: true, filePaths: [] };
    return answer;
  },
};

export const shell = {
  async openExternal(url: string): Promise<void> {
    record('shell.openExternal', url);
  },
  /** Resolves with '' on success, an error message otherwise (docs "shell.openPath"). */
  async openPath(path: string): Promise<string> {
    record('shell.openPath', path);
    return '';
  },
  showItemInFolder(path: string): void {
    record('shell.showItemInFolder', path);
  },
};

controlChannel.on('dialog.answer', ({ canceled, filePaths }) => {
  nextOpenAnswer = { canceled, filePaths };
  return true;
});
