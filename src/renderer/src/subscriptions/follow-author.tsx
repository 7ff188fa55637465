import { useEffect, useState } from 'react';
import { useClient } from '../api/client-context';
import { FollowButton } from './follow-button';

/**
 * Follow a library post's author: shown when the library knows the author's profile (one
 * opened on Grab, downloaded or followed before); the link alone says nothing about where a
 * site keeps its profiles.
 */
export function FollowAuthor({ site, username }: { site: string | undefined; username: string | undefined }) {
  const { api } = useClient();
  const [profile, setProfile] = useState<{ url: string; following: boolean } | undefined>(undefined);
  useEffect(() => {
    setProfile(undefined);
    if (!site || !username) return;
    let current = true;
    void api['subscriptions.profileOf']({ site, username }).then((answer) => {
      if (current && answer.ok && answer.value.url) setProfile({ url: answer.value.url, following: answer.value.subscriptionId !== null });
    });
    return () => {
      current = false;
    };
  }, [api, site, username]);
  return profile ? <FollowButton key={profile.url} url={profile.url} following={profile.following} /> : null;
}
