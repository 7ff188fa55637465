import { useTranslation } from 'react-i18next';
import type { Media } from '../../../shared/post';
import { Thumb } from '../design/thumb';

interface ImagePickProps {
  media: Media;
  /** 1-based, as the card numbers its items. */
  mediaNumber: number;
  picked: boolean;
  onPick: (picked: boolean) => void;
}

/** One image of a photo post as a thumbnail with a checkbox: an image left unchecked is not downloaded. */
export function ImagePick({ media, mediaNumber, picked, onPick }: ImagePickProps) {
  const { t } = useTranslation();
  return (
    <label className={`row image-pick${picked ? ' is-selected' : ''}`} data-testid="image-pick">
      <Thumb src={media.preview_url ?? media.resource_url} width={96} height={96} />
      <input type="checkbox" checked={picked} onChange={(event) => onPick(event.target.checked)} />
      <span className="small">{t('post.pickImage', { index: mediaNumber })}</span>
    </label>
  );
}
