import { useTranslation } from 'react-i18next';

interface ReusedNoticeProps {
  /** When the answer shown again was paid for (epoch ms). */
  reusedFrom: number;
  /** Asks the service again, which is charged; absent where the screen has its own button. */
  onCheckAgain?: () => void;
}

/** Says an answer is shown again from earlier at no charge, and offers paying for a fresh one. */
export function ReusedNotice({ reusedFrom, onCheckAgain }: ReusedNoticeProps) {
  const { t, i18n } = useTranslation();
  const time = new Date(reusedFrom).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="row wrap" data-testid="reused-notice">
      <span className="badge badge-success">{t('reuse.shownAgain', { time })}</span>
      {onCheckAgain && (
        <button type="button" className="button button-small" onClick={onCheckAgain} data-testid="check-again">
          {t('reuse.checkAgain')}
        </button>
      )}
    </div>
  );
}
