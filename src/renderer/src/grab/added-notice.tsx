import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface AddedNoticeProps {
  count: number;
  /** Set (and changed) on each Download made here: the notice takes the focus then. */
  focusKey?: number;
}

/** "Added N downloads", with the way to the queue. */
export function AddedNotice({ count, focusKey }: AddedNoticeProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  // After Enter on Download the keyboard lands on what happened, and the way to the queue,
  // instead of falling to <body>; a screen reader reads the focused notice out.
  useEffect(() => {
    if (focusKey !== undefined) ref.current?.focus();
  }, [focusKey]);
  return (
    <p ref={ref} className="small added-notice" role="status" data-testid="added-notice" tabIndex={focusKey === undefined ? undefined : -1}>
      {t('grab.addedToQueue', { count })} <a href="#/queue">{t('grab.openQueue')}</a>
    </p>
  );
}
