import { useId, useState } from 'react';
import type { ClipboardEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLinks } from './parse-links';

/** Paste (previews at once), type and submit, one or several links. Drops are handled by the screen. */
export function LinkInput({ onLinks }: { onLinks: (links: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();

  const submit = (value: string): boolean => {
    const links = parseLinks(value);
    if (links.length === 0) {
      setProblem(t('grab.noLinks'));
      return false;
    }
    setProblem(undefined);
    setText('');
    onLinks(links);
    return true;
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    // Pasting into an empty box is the whole gesture: preview right away.
    if (text.trim() !== '') return;
    const pasted = event.clipboardData.getData('text');
    if (parseLinks(pasted).length > 0) {
      event.preventDefault();
      submit(pasted);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };

  return (
    <form className="link-input card" onSubmit={onSubmit}>
      <label htmlFor={id} className="field-label">
        {t('grab.inputLabel')}
      </label>
      <p id={`${id}-hint`} className="small muted">
        {t('grab.inputHint')}
      </p>
      <div className="row link-input-row">
        <textarea
          id={id}
          className="textarea grow"
          rows={2}
          value={text}
          placeholder={t('grab.placeholder')}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem !== undefined}
          onChange={(event) => setText(event.target.value)}
          onPaste={onPaste}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit(text);
            }
          }}
        />
        <button type="submit" className="button button-primary">
          {t('grab.preview')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="small field-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
