import { useTranslation } from 'react-i18next';
import type { CommandResult } from '../../../shared/contract';
import { formatNumber } from '../format/format';

type LedgerRow = CommandResult<'credits.ledger'>['entries'][number];

/** The link without its scheme, for a row Trove knows no title for (a preview never downloaded). */
const shortLink = (url: string): string => url.replace(/^https?:\/\//, '');

/** "Preview · video.example · Sample video abc": what the call was for, not which endpoint. */
function Description({ row }: { row: LedgerRow }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`ledger.action.${row.action}`)} · {row.site} · {row.title ?? <span className="muted">{shortLink(row.url)}</span>}
    </>
  );
}

/** Exact, approximate (with its range) or unknown: never a guess shown as a fact. */
function Cost({ row }: { row: LedgerRow }) {
  const { t, i18n } = useTranslation();
  const credits = (value: number | undefined) => formatNumber(Math.round((value ?? 0) * 10) / 10, i18n.language);
  if (row.costKind === 'exact') return <>{credits(row.cost)}</>;
  if (row.costKind === 'approximate') {
    return (
      <span title={t('ledger.costRange', { low: credits(row.costLow), high: credits(row.costHigh) })} data-cost="approximate">
        ≈ {credits(row.cost)} <span className="small muted">({credits(row.costLow)}–{credits(row.costHigh)})</span>
      </span>
    );
  }
  return (
    <span className="muted" title={t('ledger.costUnknownHint')} data-cost="unknown">
      {t('ledger.costUnknown')}
    </span>
  );
}

/** Every charged call, newest first, as people think of it; the endpoint stays in the tooltip and the CSV. */
export function LedgerTable({ entries }: { entries: readonly LedgerRow[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="table-scroll">
      <table className="table" data-testid="ledger-table">
        <caption className="visually-hidden">{t('balanceScreen.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('balanceScreen.when')}</th>
            <th scope="col">{t('ledger.what')}</th>
            <th scope="col" className="numeric">
              {t('ledger.costCredits')}
            </th>
            <th scope="col" className="numeric" title={t('ledger.afterHint')}>
              {t('balanceScreen.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...entries].reverse().map((row) => (
            <tr key={row.id} data-testid="ledger-row">
              <td className="nowrap">{new Date(row.at).toLocaleString(locale)}</td>
              <td className="wrap-cell" title={`${row.url}\n${row.endpoint}`}>
                <Description row={row} />
              </td>
              <td className="numeric nowrap">
                <Cost row={row} />
              </td>
              <td className="numeric">{row.balanceAfter === undefined ? '' : formatNumber(row.balanceAfter, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
