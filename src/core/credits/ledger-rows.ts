import type { z } from 'zod';
import type { CostKind, LedgerAction } from '../../shared/credits';
import { ledgerDescription } from '../../shared/credits';
import type { ledgerEntrySchema } from '../../shared/contract';
import { operationOfEndpoint, siteOfLink } from './charged-operation';
import { toCsv } from './csv';
import type { LedgerEntry } from './ledger';

export type LedgerRow = z.infer<typeof ledgerEntrySchema>;

const actionOf = (entry: LedgerEntry): LedgerAction => {
  switch (operationOfEndpoint(entry.endpoint)) {
    case 'post':
      return entry.jobId !== null ? 'download' : 'preview';
    case 'playlist':
      return 'profile-page';
    case 'subtitles':
      return 'subtitles';
    default:
      return 'other';
  }
};

const costKindOf = (entry: LedgerEntry): CostKind =>
  entry.cost === null ? 'unknown' : entry.costLow !== null && entry.costHigh !== null && entry.costLow < entry.costHigh ? 'approximate' : 'exact';

/** A ledger row as the faces show it: what it was for, where, and how well its cost is known. */
export function toLedgerRow(entry: LedgerEntry, title: string | undefined): LedgerRow {
  const costKind = costKindOf(entry);
  return {
    id: entry.id,
    endpoint: entry.endpoint,
    url: entry.link,
    at: entry.at,
    action: actionOf(entry),
    site: siteOfLink(entry.link),
    ...(title !== undefined ? { title } : {}),
    costKind,
    ...(entry.cost !== null ? { cost: entry.cost } : {}),
    ...(costKind === 'approximate' && entry.costLow !== null && entry.costHigh !== null ? { costLow: entry.costLow, costHigh: entry.costHigh } : {}),
    ...(entry.balanceAfter !== null ? { balanceAfter: entry.balanceAfter } : {}),
    ...(entry.jobId !== null ? { jobId: entry.jobId } : {}),
  };
}

/** RFC 4180 CSV, oldest first, times in ISO 8601 UTC: the human description and the API call side by side. */
export function ledgerCsv(rows: readonly LedgerRow[]): string {
  return toCsv(
    ['time', 'description', 'endpoint', 'link', 'cost', 'cost_kind', 'cost_low', 'cost_high', 'balance_after', 'job_id'],
    rows.map((row) => [
      new Date(row.at).toISOString(),
      ledgerDescription(row),
      row.endpoint,
      row.url,
      row.cost,
      row.costKind,
      row.costLow,
      row.costHigh,
      row.balanceAfter,
      row.jobId,
    ]),
  );
}
