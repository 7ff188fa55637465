type SecretInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

const MAX_LENGTH = 8192;

/**
 * Reads a secret from stdin: from a pipe, its first line; from a terminal, one line typed
 * without echo (so the key is never on screen, in argv or in the shell history).
 * Resolves undefined on Ctrl-C at the prompt.
 */
export async function readSecret(stdin: SecretInput, prompt: (text: string) => void): Promise<string | undefined> {
  const setRawMode = stdin.setRawMode?.bind(stdin);
  if (stdin.isTTY === true && setRawMode) return readHidden(stdin, setRawMode, prompt);
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('\n') || text.length > MAX_LENGTH) break;
  }
  return firstLine(text);
}

const firstLine = (text: string): string => (text.split(/\r?\n/)[0] ?? '').trim();

function readHidden(
  stdin: NodeJS.ReadableStream,
  setRawMode: (mode: boolean) => unknown,
  prompt: (text: string) => void,
): Promise<string | undefined> {
  prompt('Paste your API key and press Enter (it is not shown): ');
  setRawMode(true);
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | undefined): void => {
      stdin.removeListener('data', onData);
      setRawMode(false);
      stdin.pause();
      prompt('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === '\u0003') return finish(undefined); // Ctrl-C
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(typed.trim());
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (typed.length < MAX_LENGTH) typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
