import { useTranslation } from 'react-i18next';
import type { Post } from '../../../shared/post';
import { Thumb } from '../design/thumb';

interface ImagePickerProps {
  post: Pick<Post, 'medias'>;
  /** Media index → false for an image left out. */
  picked: Readonly<Record<number, boolean>>;
  onPick: (mediaIndex: number, picked: boolean) => void;
}

/** A photo post's images as thumbnails with a checkbox each: the ones left unchecked are not downloaded. */
export function ImagePicker({ post, picked, onPick }: ImagePickerProps) {
  const { t } = useTranslation();
  const images = post.medias.flatMap((media, index) => (media.media_type === 'image' ? [{ media, index }] : []));
  if (images.length < 2) return null;
  return (
    <ul className="post-grid image-picker" aria-label={t('post.pickImages')} data-testid="image-picker">
      {images.map(({ media, index }) => {
        const checked = picked[index] !== false;
        return (
          <li key={index} className={`post-tile${checked ? ' is-selected' : ''}`}>
            <label className="post-tile-label">
              <Thumb src={media.preview_url ?? media.resource_url} width={120} height={120} />
              <span className="row post-tile-footer small">
                <input type="checkbox" checked={checked} onChange={(event) => onPick(index, event.target.checked)} />
                {t('post.pickImage', { index: index + 1 })}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
