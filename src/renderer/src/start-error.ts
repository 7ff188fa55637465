import type { i18n as I18n } from 'i18next';

const ENGLISH = {
  title: 'Trove could not start',
  hint: 'Quit and open Trove again. If this keeps happening, this is what went wrong:',
};

/**
 * Replaces "Connecting to Trove…" with a plain error when start-up fails, so the window
 * never waits forever. In the UI's language when i18n is up; in English otherwise, since
 * i18n itself may be what failed. Built with text nodes only: the message is not markup.
 */
export function showStartError(root: HTMLElement, error: unknown, i18n: I18n | undefined): void {
  const title = i18n ? i18n.t('app.startFailed') : ENGLISH.title;
  const hint = i18n ? i18n.t('app.startFailedHint') : ENGLISH.hint;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'start-error';
  const heading = document.createElement('h1');
  heading.textContent = title;
  const explanation = document.createElement('p');
  explanation.textContent = hint;
  const detail = document.createElement('pre');
  detail.textContent = error instanceof Error ? error.message : String(error);
  box.append(heading, explanation, detail);
  root.replaceChildren(box);
}
