import { useTranslation } from 'react-i18next';
import { useClient } from '../api/client-context';
import { fileName } from './playable-media';
import type { Playable } from './playable-media';

interface MediaPlayerProps {
  playable: Playable;
  title: string;
  /** The <video> or <audio> element, for seeking from the subtitles viewer. */
  mediaRef?: (element: HTMLMediaElement | null) => void;
  onTime?: (seconds: number) => void;
  /** Starts playing at once (the user asked to play it). */
  autoPlay?: boolean;
}

/** Plays a downloaded file through the face's media route (Range requests, so seeking works). */
export function MediaPlayer({ playable, title, mediaRef, onTime, autoPlay = false }: MediaPlayerProps) {
  const { t } = useTranslation();
  const client = useClient();
  const onTimeUpdate = onTime ? (event: { currentTarget: HTMLMediaElement }) => onTime(event.currentTarget.currentTime) : undefined;
  switch (playable.kind) {
    case 'video':
    case 'audio': {
      const Player = playable.kind;
      return (
        <Player
          ref={mediaRef}
          className={`player player-${playable.kind}`}
          data-testid="player"
          controls
          preload="metadata"
          autoPlay={autoPlay}
          src={client.mediaUrl(playable.file.path)}
          aria-label={t('item.playerLabel', { title })}
          onTimeUpdate={onTimeUpdate}
        />
      );
    }
    case 'images':
      return (
        <div className="player-images">
          {playable.files.map((file, index) => (
            <img key={file.id} src={client.mediaUrl(file.path)} alt={t('item.imageAlt', { index: index + 1, name: fileName(file.path) })} loading="lazy" />
          ))}
        </div>
      );
    case 'none':
      return <p className="player-missing muted">{t('item.nothingToPlay')}</p>;
  }
}
