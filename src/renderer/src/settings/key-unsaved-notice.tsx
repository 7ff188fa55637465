import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../shared/contract';

/** A key that works but lives only until Trove quits: why the keychain did not keep it, and what would. */
export function KeyUnsavedNotice({ unsaved }: { unsaved: NonNullable<KeyStatus['unsaved']> }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning" role="status" data-testid="key-unsaved">
      <strong>{t('key.unsavedTitle')}</strong>
      <p className="small">{t(`key.unsaved.${unsaved.code}`)}</p>
    </div>
  );
}
