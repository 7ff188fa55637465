import { de } from './messages/de';
import { en } from './messages/en';
import { es } from './messages/es';
import { ja } from './messages/ja';
import { zh } from './messages/zh';
import type { Messages, SandboxErrorCode } from './codes';

const MESSAGES = { en, zh, ja, es, de } as const satisfies Record<string, Messages>;
export type Language = keyof typeof MESSAGES;

const isLanguage = (tag: string): tag is Language => Object.hasOwn(MESSAGES, tag);

/**
 * The best supported language of an Accept-Language header ("zh-CN,zh;q=0.9,en;q=0.8"):
 * ranges sorted by q, matched on their primary subtag; anything unsupported falls back to en.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: range.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((r) => r.primary).find(isLanguage) ?? 'en';
}

export const localizedMessage = (code: SandboxErrorCode, language: Language): string => MESSAGES[language][code];
