import { useId, useImperativeHandle, useState } from 'react';
import type { ClipboardEvent, FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkField } from '../design/link-field';
import { MAX_LINKS, firstLinks, parseLinks } from './parse-links';

/** What the screen hands over from outside the box: links dropped anywhere on it, or offered by the desktop app. */
export interface LinkInputHandle {
  take: (text: string) => void;
}

/**
 * Paste (previews at once), type and submit, one or several links. Drops land anywhere on
 * the screen, and the desktop app can offer a copied link; the screen passes them here so
 * they are batched (and noted) like a paste, keeping what was typed.
 */
export function LinkInput({ onLinks, ref }: { onLinks: (links: string[]) => void; ref?: Ref<LinkInputHandle> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();

  /** `kept` is what stays in the box besides the links beyond the batch (a drop keeps what was typed). */
  const submit = (value: string, kept = ''): boolean => {
    const { links, rest, ignored } = firstLinks(value);
    if (links.length === 0) {
      setProblem(t('grab.noLinks'));
      return false;
    }
    // Links beyond the batch stay in the box, to preview next; text that is no link stays too, and is named.
    const notes = [
      ...(rest.length > 0 ? [t('grab.tooMany', { count: MAX_LINKS, rest: rest.length })] : []),
      ...(ignored.length > 0 ? [t('grab.notLinks', { text: ignored.join(' ') })] : []),
    ];
    setProblem(notes.length > 0 ? notes.join(' ') : undefined);
    setText([kept, ...rest, ignored.join(' ')].filter((line) => line !== '').join('\n'));
    onLinks(links);
    return true;
  };
  useImperativeHandle(ref, () => ({ take: (value) => void submit(value, text.trim()) }));

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
      <LinkField id={id} label={t('grab.inputLabel')} hint={t('grab.inputHint')} problem={problem} action={t('grab.preview')} rowClassName="row link-input-row">
        {(control) => (
          <textarea
            id={id}
            className="textarea grow"
            rows={2}
            value={text}
            placeholder={t('grab.placeholder')}
            {...control}
            onChange={(event) => setText(event.target.value)}
            onPaste={onPaste}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit(text);
              }
            }}
          />
        )}
      </LinkField>
    </form>
  );
}
