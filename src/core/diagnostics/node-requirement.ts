import packageJson from '../../../package.json' with { type: 'json' };

/** The oldest Node Trove runs on, as package.json's `engines` declares it (e.g. ">=22.14" → [22, 14]). */
export function minimumNode(range: string = packageJson.engines.node): { text: string; parts: number[] } {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!match?.[1]) throw new Error(`package.json engines.node is not of the form ">=22.14": ${range}`);
  return { text: match[1], parts: match[1].split('.').map(Number) };
}

/** Whether a Node version such as "22.23.3" is at least the minimum. */
export function nodeIsRecentEnough(version: string, minimum: readonly number[] = minimumNode().parts): boolean {
  const parts = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10));
  for (const [index, needed] of minimum.entries()) {
    const have = parts[index] ?? 0;
    if (have !== needed) return have > needed;
  }
  return true;
}
