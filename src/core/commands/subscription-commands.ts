import type { Subscriptions } from '../subscriptions';
import type { HandlerGroup } from './handler-types';

type SubscriptionCommand = 'subscriptions.list' | 'subscriptions.add' | 'subscriptions.edit' | 'subscriptions.remove' | 'subscriptions.run' | 'subscriptions.profileOf';

export function subscriptionCommands(subscriptions: Subscriptions): HandlerGroup<SubscriptionCommand> {
  return {
    async 'subscriptions.list'() {
      const all = subscriptions.list();
      return all.ok ? { ok: true, value: { subscriptions: all.value } } : all;
    },
    async 'subscriptions.add'(input) {
      return subscriptions.add(input);
    },
    async 'subscriptions.edit'(input) {
      return subscriptions.edit(input);
    },
    async 'subscriptions.remove'({ id }) {
      const removed = subscriptions.remove(id);
      return removed.ok ? { ok: true, value: {} } : removed;
    },
    async 'subscriptions.profileOf'({ site, username }) {
      return subscriptions.profileOf(site, username);
    },
    async 'subscriptions.run'({ id }) {
      const runs = await subscriptions.run(id);
      return runs.ok ? { ok: true, value: { runs: runs.value } } : runs;
    },
  };
}
