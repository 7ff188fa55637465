import type { ApiVersion } from './api-version';
import type { Ledger } from './billing';
import type { CatalogContext } from './catalog/types';
import type { CursorCodec } from './cursor';
import type { MediaDeps } from './media/serve-media';
import type { PriceList } from './prices';
import type { SlidingWindowLimiter } from './rate-limit';
import type { StatsRecorder } from './stats';

/** Everything a request handler of a running sandbox works with. */
export interface SandboxContext {
  keys: ReadonlySet<string>;
  ledger: Ledger;
  prices: PriceList;
  stats: StatsRecorder;
  limiters: Readonly<Record<ApiVersion, SlidingWindowLimiter>>;
  cursors: CursorCodec;
  catalog: CatalogContext;
  media: MediaDeps;
  pageSize: number;
  now: () => number;
}
