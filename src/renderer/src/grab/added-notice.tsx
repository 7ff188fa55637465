import { useTranslation } from 'react-i18next';

/** "Added N downloads", with the way to the queue. */
export function AddedNotice({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p className="small added-notice" role="status" data-testid="added-notice">
      {t('grab.addedToQueue', { count })} <a href="#/queue">{t('grab.openQueue')}</a>
    </p>
  );
}
