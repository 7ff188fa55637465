import type { Cue } from '../../shared/subtitles';

export interface SubtitleLanguage {
  tag: string;
  name: string;
  cues: readonly Cue[];
}

/**
 * The one cue list per language behind every subtitle file; all seven formats serialize
 * these same cues. The cues span the 3-second samples, include a two-line cue and characters
 * that XML escapes (& " '), so a parser that gets escaping or line breaks wrong shows it.
 */
export const SUBTITLE_LANGUAGES: readonly SubtitleLanguage[] = [
  {
    tag: 'en-US',
    name: 'English (United States)',
    cues: [
      { startMs: 0, endMs: 1_000, text: 'Hello & welcome' },
      { startMs: 1_000, endMs: 2_000, text: 'This is a "sample"\nwith two lines' },
      { startMs: 2_000, endMs: 2_950, text: "That's all, folks" },
    ],
  },
  {
    tag: 'es-ES',
    name: 'Spanish (Spain)',
    cues: [
      { startMs: 0, endMs: 1_000, text: 'Hola y bienvenidos' },
      { startMs: 1_000, endMs: 2_000, text: 'Esto es una «muestra»\ncon dos líneas' },
      { startMs: 2_000, endMs: 2_950, text: 'Eso es todo, amigos & amigas' },
    ],
  },
  {
    tag: 'ja-JP',
    name: 'Japanese (Japan)',
    cues: [
      { startMs: 0, endMs: 1_000, text: 'こんにちは & ようこそ' },
      { startMs: 1_000, endMs: 2_000, text: 'これは「サンプル」です\n二行あります' },
      { startMs: 2_000, endMs: 2_950, text: 'おしまい' },
    ],
  },
];

export const findSubtitleLanguage = (tag: string): SubtitleLanguage | undefined =>
  SUBTITLE_LANGUAGES.find((language) => language.tag === tag);
