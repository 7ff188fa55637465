import { useTranslation } from 'react-i18next';
import type { Post } from '../../../shared/post';
import { Thumb } from '../design/thumb';
import { formatCount, formatDate } from '../format/format';

/** Author with avatar, then site, date and stats: whatever the service sent (every field is optional). */
export function PostMeta({ post }: { post: Pick<Post, 'author' | 'stats' | 'site' | 'created_at' | 'post_url'> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { author, stats } = post;
  const name = author?.display_name ?? author?.username;
  const facts: string[] = [];
  if (post.site) facts.push(post.site);
  if (post.created_at) facts.push(formatDate(post.created_at, locale));
  if (stats?.view_count !== undefined) facts.push(t('post.views', { value: formatCount(stats.view_count, locale) }));
  if (stats?.like_count !== undefined) facts.push(t('post.likes', { value: formatCount(stats.like_count, locale) }));
  return (
    <div className="stack post-meta">
      {name && (
        <div className="row">
          <Thumb src={author?.avatar_url} width={28} height={28} className="avatar" />
          <span>
            <strong>{name}</strong>
            {author?.username && author.display_name && <span className="muted"> @{author.username}</span>}
          </span>
        </div>
      )}
      {facts.length > 0 && (
        <p className="small muted" data-testid="post-facts">
          {facts.join(' · ')}
        </p>
      )}
    </div>
  );
}
