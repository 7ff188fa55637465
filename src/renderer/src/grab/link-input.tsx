import { useId, useImperativeHandle, useRef, useState } from 'react';
import type { ClipboardEvent, FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LinkField } from '../design/link-field';
import { parseLink } from '../../../shared/links';
import { MAX_LINKS, firstLinks, parseLinks } from './parse-links';
import { PreviewPrice } from './preview-price';

/** What the screen hands over from outside the box: links dropped anywhere on it, or offered by the desktop app. */
export interface LinkInputHandle {
  /** Previews at once, as a paste does. */
  take: (text: string) => void;
  /** Puts a link sent from outside (the browser's "Send to Trove") in the box, to preview when the user says so. */
  fill: (link: string) => void;
}

/** A note under the box, worded in the language of the moment. */
type Note = (t: TFunction) => string;

/**
 * Paste (previews at once), type and submit, one or several links. Drops land anywhere on
 * the screen, and the desktop app can offer a copied link; the screen passes them here so
 * they are batched (and noted) like a paste, keeping what was typed.
 */
export function LinkInput({ onLinks, ref }: { onLinks: (links: string[]) => void; ref?: Ref<LinkInputHandle> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // Worded when shown, so the notes follow a change of language.
  const [problem, setProblem] = useState<Note[]>([]);
  const [sent, setSent] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  /** `kept` is what stays in the box besides the links beyond the batch (a drop keeps what was typed). */
  const submit = (value: string, kept = ''): boolean => {
    const { links, rest, ignored } = firstLinks(value);
    if (links.length === 0) {
      setProblem([(words) => words('grab.noLinks')]);
      return false;
    }
    // Links beyond the batch stay in the box, to preview next; text that is no link stays too, and is named.
    setProblem([
      ...(rest.length > 0 ? [(words: TFunction) => words('grab.tooMany', { count: MAX_LINKS, rest: rest.length })] : []),
      ...(ignored.length > 0 ? [(words: TFunction) => words('grab.notLinks', { text: ignored.join(' ') })] : []),
    ]);
    setText([kept, ...rest, ignored.join(' ')].filter((line) => line !== '').join('\n'));
    setSent(false);
    onLinks(links);
    return true;
  };
  const fill = (sent: string) => {
    // Anyone can make a page send a link (a web-mode address with #/grab/…): only a link fills the box.
    const checked = parseLink(sent);
    if (!checked.ok) {
      setProblem([(words) => words('grab.sentRefused')]);
      return;
    }
    const link = checked.value;
    // What was typed stays, under the sent link.
    setText((current) => [link, ...current.split('\n').filter((line) => line.trim() !== '' && line.trim() !== link)].join('\n'));
    setProblem([]);
    setSent(true);
    box.current?.focus();
  };
  useImperativeHandle(ref, () => ({ take: (value) => void submit(value, text.trim()), fill }));

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
      <LinkField id={id} label={t('grab.inputLabel')} hint={t('grab.inputHint')} problem={problem.length > 0 ? problem.map((note) => note(t)).join(' ') : undefined} action={t('grab.preview')} rowClassName="row link-input-row">
        {(control) => (
          <textarea
            ref={box}
            id={id}
            className="textarea grow"
            rows={2}
            value={text}
            placeholder={t('grab.placeholder')}
            {...control}
            onChange={(event) => {
              setText(event.target.value);
              setSent(false);
            }}
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
      <PreviewPrice text={text} />
      {sent && (
        <p className="small muted" role="status" data-testid="sent-link-notice">
          {t('grab.sentFromBrowser')}
        </p>
      )}
    </form>
  );
}
