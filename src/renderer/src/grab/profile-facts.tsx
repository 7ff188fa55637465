import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/format';

/** "@name · video · 45 posts": what is known of a profile, on its cards. */
export function ProfileFacts({ username, site, postCount }: { username: string | undefined; site: string | undefined; postCount: number | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="small muted" data-testid="profile-facts">
      {[username ? `@${username}` : undefined, site, postCount !== undefined ? t('playlist.posts', { count: postCount, value: formatNumber(postCount, i18n.language) }) : undefined]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}
