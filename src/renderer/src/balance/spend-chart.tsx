import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWidth } from '../design/use-width';
import { formatNumber } from '../format/format';
import { niceMax } from './spend-days';
import type { DaySpend } from './spend-days';

// Drawn at the size it is shown (one SVG unit = one CSS pixel): scaled down to a narrow
// window, a fixed 1100-unit drawing shrank its 11 px labels to 7 px.
const FALLBACK_WIDTH = 1100;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 46, left: 64 };

/**
 * Credits spent per day as plain SVG bars, axes named, the total above; the table below carries
 * the calls for screen readers. Memoised: the balance screen stays mounted (hidden) and re-renders
 * with every queue update, while its days change only with the ledger (benchmark 9: ~160 ms of
 * script in 6 s of a busy queue).
 */
export const SpendChart = memo(function SpendChart({ days }: { days: readonly DaySpend[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const credits = (value: number) => formatNumber(Math.round(value * 10) / 10, locale);
  const top = Math.max(2, niceMax(Math.max(0, ...days.map((day) => day.cost))));
  const ref = useRef<SVGSVGElement>(null);
  const WIDTH = useWidth(ref) || FALLBACK_WIDTH;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const total = days.reduce((sum, day) => sum + day.cost, 0);
  const approximate = days.some((day) => day.approximateCalls > 0);
  const unknown = days.reduce((sum, day) => sum + day.unpricedCalls, 0);
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const totalText = t(approximate ? 'ledger.totalApprox' : 'ledger.total', { credits: credits(total), days: days.length });
  return (
    <figure className="spend-figure stack">
      <figcaption className="spend-total" data-testid="spend-total">
        <strong>{totalText}</strong>
        {unknown > 0 && <span className="muted"> · {t('ledger.totalUnknown', { count: unknown })}</span>}
      </figcaption>
      <svg ref={ref} className="spend-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${t('ledger.chartLabel', { days: days.length })} ${totalText}`} data-testid="spend-chart">
        {[0, 0.5, 1].map((fraction) => {
          const y = PAD.top + plotHeight * (1 - fraction);
          return (
            <g key={fraction}>
              <line className="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
              <text className="chart-axis" x={PAD.left - 6} y={y + 4} textAnchor="end">
                {formatNumber(top * fraction, locale)}
              </text>
            </g>
          );
        })}
        <text className="chart-axis chart-axis-title" transform={`translate(14 ${PAD.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
          {t('ledger.creditsAxis')}
        </text>
        {days.map((day, index) => {
          const height = (day.cost / top) * plotHeight;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          const className = day.approximateCalls > 0 ? 'chart-bar chart-bar-approximate' : 'chart-bar';
          return (
            <rect key={day.day} className={className} x={x} y={PAD.top + plotHeight - height} width={barWidth} height={Math.max(0, height)} rx={2}>
              <title>{t(day.approximateCalls > 0 ? 'ledger.dayCreditsApprox' : 'ledger.dayCredits', { day: dayLabel(day.day), credits: credits(day.cost) })}</title>
            </rect>
          );
        })}
        {days.map((day, index) =>
          index % Math.ceil(days.length / 6) === 0 || index === days.length - 1 ? (
            <text key={`label-${day.day}`} className="chart-axis" x={PAD.left + index * slot + slot / 2} y={PAD.top + plotHeight + 16} textAnchor="middle">
              {dayLabel(day.day)}
            </text>
          ) : null,
        )}
        <text className="chart-axis chart-axis-title" x={PAD.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
          {t('ledger.dayAxis')}
        </text>
      </svg>
    </figure>
  );
});
