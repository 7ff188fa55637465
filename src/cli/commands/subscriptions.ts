import type { SubscriptionView } from '../../shared/subscriptions';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { ranLines, subscriptionLines, subscriptionListLines } from '../format/format-subscriptions';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

type SubscriptionsInvocation = Extract<Invocation, { command: 'subscriptions' }>;

const shown = (ctx: CommandContext, subscription: SubscriptionView, heading: string): ExitCode => {
  ctx.output.result('subscriptions', EXIT.ok, { subscription }, [heading, ...subscriptionLines(subscription)]);
  return EXIT.ok;
};

export async function runSubscriptions(ctx: CommandContext, invocation: SubscriptionsInvocation): Promise<ExitCode> {
  switch (invocation.action) {
    case 'list': {
      const listed = await ctx.core.call('subscriptions.list', {});
      if (!listed.ok) return ctx.fail(listed.error);
      ctx.output.result('subscriptions', EXIT.ok, listed.value, subscriptionListLines(listed.value.subscriptions));
      return EXIT.ok;
    }
    case 'add': {
      const added = await ctx.core.call('subscriptions.add', { url: invocation.url, ...(invocation.kind && { kind: invocation.kind }), ...invocation.settings });
      if (!added.ok) return ctx.fail(added.error);
      const first = added.value.nextRunAt === null ? 'It runs when you run it: `trove subscriptions run ' + added.value.id + '`.' : 'Its first run is due now: the app or `trove serve` runs it within a minute, or run `trove subscriptions run`.';
      return shown(ctx, added.value, `Following ${added.value.url}. ${first}`);
    }
    case 'edit': {
      const { options, ...rest } = invocation.settings;
      let merged = options;
      if (options) {
        // Download options named on the command line replace those; the others stay.
        const listed = await ctx.core.call('subscriptions.list', {});
        if (!listed.ok) return ctx.fail(listed.error);
        merged = { ...listed.value.subscriptions.find((one) => one.id === invocation.id)?.options, ...options };
      }
      const edited = await ctx.core.call('subscriptions.edit', { id: invocation.id, ...rest, ...(merged && { options: merged }) });
      if (!edited.ok) return ctx.fail(edited.error);
      return shown(ctx, edited.value, 'Changed:');
    }
    case 'remove': {
      const removed = await ctx.core.call('subscriptions.remove', { id: invocation.id });
      if (!removed.ok) return ctx.fail(removed.error);
      ctx.output.result('subscriptions', EXIT.ok, { removed: invocation.id }, [`Subscription ${invocation.id} removed; what it downloaded stays in the library.`]);
      return EXIT.ok;
    }
    case 'run':
      return runDue(ctx, invocation);
  }
}

async function runDue(ctx: CommandContext, invocation: Extract<SubscriptionsInvocation, { action: 'run' }>): Promise<ExitCode> {
  const ran = await ctx.core.call('subscriptions.run', invocation.id === undefined ? {} : { id: invocation.id });
  if (!ran.ok) return ctx.fail(ran.error);
  const failed = ran.value.runs.some((one) => one.run.outcome === 'failed');
  const found = ran.value.runs.reduce((sum, one) => sum + one.run.found, 0);
  const lines = ranLines(ran.value.runs);
  if (found > 0 && invocation.wait) {
    if (ctx.core.runsQueue()) {
      ctx.output.note(`Downloading ${found} new ${found === 1 ? 'post' : 'posts'}…`);
      await ctx.core.idle();
      const jobs = await ctx.core.call('jobs.list', { states: ['failed'] });
      if (jobs.ok && jobs.value.length > 0) lines.push(`${jobs.value.length} downloads in the queue failed: see \`trove queue\`.`);
    } else lines.push('Another Trove runs the downloads of this data folder: it downloads them.');
  }
  const code = failed ? EXIT.someFailed : EXIT.ok;
  ctx.output.result('subscriptions', code, ran.value, lines);
  return code;
}
