import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../design/confirm-dialog';

interface CopyConfirmProps {
  open: boolean;
  /** The posts to copy, by caption (one, or several from a list of links). */
  captions: readonly string[];
  /** The link is extracted again for the copy (a charged call), as the Library's Download again does. */
  charged?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before downloading a post the user has already: the copy is saved beside it as "… (1)", nothing is replaced. */
export function CopyConfirm({ open, captions, charged = false, onConfirm, onCancel }: CopyConfirmProps) {
  const { t } = useTranslation();
  const untitled = t('post.untitled');
  return (
    <ConfirmDialog
      open={open}
      title={t('grabList.copyTitle', { count: captions.length })}
      cancelLabel={t('common.cancel')}
      onCancel={onCancel}
      choices={[{ label: t('grabList.copyConfirm', { count: captions.length }), tone: 'primary', onChoose: onConfirm }]}
    >
      <ul className="copy-captions">
        {captions.map((caption, index) => (
          <li key={index}>{caption || untitled}</li>
        ))}
      </ul>
      <p className="small">{t('grabList.copyExplain', { count: captions.length })}</p>
      {charged && <p className="small muted">{t('grabList.copyCharged')}</p>}
    </ConfirmDialog>
  );
}
