/**
 * What "a clear error" means in these suites: a stable snake_case code and a short human
 * message, with no stack trace, no internals leaking as text, and no sign of a bug.
 * Returns the problems found (empty when the error is clear).
 */
export function unclearParts(error: { code?: unknown; message?: unknown } | undefined): string[] {
  if (error === undefined) return ['no error at all'];
  const problems: string[] = [];
  const { code, message } = error;
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/u.test(code)) problems.push(`code ${JSON.stringify(code)} is not a snake_case code`);
  if (typeof message !== 'string' || message.trim().length < 8) problems.push(`message ${JSON.stringify(message)} is not a sentence`);
  else {
    if (message.length > 1_000) problems.push(`message is ${message.length} characters long`);
    if (/\n\s+at .+[(:]\d+/u.test(message)) problems.push('message holds a stack trace');
    // zod's own wording for a missing field ("received undefined") is fine.
    if (/(?<!received )\bundefined\b|\[object Object\]|\bNaN\b/u.test(message)) problems.push(`message shows internals: ${message.slice(0, 200)}`);
    if (/^(?:TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert/u.test(message)) problems.push(`message is a bug: ${message.slice(0, 200)}`);
  }
  return problems;
}
