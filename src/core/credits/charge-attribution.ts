import type { PriceKey } from './charged-operation';

/** A price or a cost as far as it is known: exact when low = high. */
export interface PriceRange {
  readonly credits: number;
  readonly low: number;
  readonly high: number;
}

export interface WindowCall {
  /** The ledger row. */
  readonly id: number;
  readonly key: PriceKey;
}

export interface Attribution {
  /** Per ledger row: what it cost, as far as this drop tells. */
  readonly costs: ReadonlyArray<PriceRange & { readonly id: number }>;
  /** Per operation and site: what this drop says one call costs. */
  readonly prices: ReadonlyArray<PriceRange & { readonly key: PriceKey }>;
  /** True when known prices did not fit and were solved again: a price changed, or the key was spent elsewhere. */
  readonly refitted: boolean;
}

const keyText = (key: PriceKey): string => `${key.operation} ${key.site}`;
// Balances are whole credits on the real service; a tolerance keeps float division honest.
const EPSILON = 1e-9;
const isExact = (price: PriceRange | undefined): price is PriceRange => price !== undefined && price.high - price.low < EPSILON;

interface Group {
  readonly key: PriceKey;
  readonly ids: number[];
}

/**
 * Splits one balance drop among the calls charged in its window (none other in flight
 * before and after). Prices are taken as fixed per operation and site, and never negative:
 * - calls of a single operation and site share the drop exactly (a lone call gives its price);
 * - with prices already known exactly, the one unknown left is solved exactly;
 * - otherwise each unknown price lies in [low, high], from the drop and the other calls'
 *   bounds, and its estimate is the drop's even share within them: marked approximate.
 * A known price that does not fit the drop is set aside and solved again (`refitted`).
 * Undefined: the drop cannot be the calls' (it rose: a top-up; or calls with nothing spent).
 */
export function attributeDrop(drop: number, calls: readonly WindowCall[], known: (key: PriceKey) => PriceRange | undefined): Attribution | undefined {
  if (drop < -EPSILON) return undefined;
  if (calls.length === 0) return Math.abs(drop) < EPSILON ? { costs: [], prices: [], refitted: false } : undefined;
  const groups = new Map<string, Group>();
  for (const call of calls) {
    const group = groups.get(keyText(call.key)) ?? { key: call.key, ids: [] };
    group.ids.push(call.id);
    groups.set(keyText(call.key), group);
  }
  return solve(drop, [...groups.values()], known, false) ?? solve(drop, [...groups.values()], () => undefined, true);
}

function solve(drop: number, groups: readonly Group[], known: (key: PriceKey) => PriceRange | undefined, refitted: boolean): Attribution | undefined {
  const solved = new Map<Group, PriceRange>();
  const open: Group[] = [];
  let residual = drop;
  for (const group of groups) {
    const price = known(group.key);
    if (isExact(price)) {
      solved.set(group, { credits: price.credits, low: price.credits, high: price.credits });
      residual -= price.credits * group.ids.length;
    } else open.push(group);
  }
  if (residual < -EPSILON) return undefined;
  if (open.length === 0 && Math.abs(residual) > EPSILON) return undefined;
  if (open.length === 1) {
    const [group] = open as [Group];
    const credits = Math.max(0, residual) / group.ids.length;
    solved.set(group, { credits, low: credits, high: credits });
  } else if (open.length > 1) {
    const rest = Math.max(0, residual);
    const openCalls = open.reduce((sum, group) => sum + group.ids.length, 0);
    const bounds = open.map((group) => {
      const before = known(group.key);
      return { group, low: before?.low ?? 0, high: Math.min(before?.high ?? Infinity, rest / group.ids.length) };
    });
    // Each price is left whatever the others do not take: two passes settle the bounds.
    for (let pass = 0; pass < 2; pass++) {
      for (const bound of bounds) {
        const others = bounds.filter((other) => other !== bound);
        const othersMax = others.reduce((sum, other) => sum + other.high * other.group.ids.length, 0);
        const othersMin = others.reduce((sum, other) => sum + other.low * other.group.ids.length, 0);
        bound.low = Math.max(bound.low, (rest - othersMax) / bound.group.ids.length);
        bound.high = Math.min(bound.high, (rest - othersMin) / bound.group.ids.length);
        if (bound.low > bound.high + EPSILON) return undefined;
      }
    }
    for (const bound of bounds) {
      const credits = Math.min(bound.high, Math.max(bound.low, rest / openCalls));
      solved.set(bound.group, { credits, low: bound.low, high: bound.high });
    }
  }
  return {
    costs: groups.flatMap((group) => group.ids.map((id) => ({ id, ...(solved.get(group) as PriceRange) }))),
    prices: groups.map((group) => ({ key: group.key, ...(solved.get(group) as PriceRange) })),
    refitted,
  };
}
