import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWidth } from '../design/use-width';
import { formatNumber } from '../format/format';
import { niceMax } from './spend-days';
import type { DaySpend } from './spend-days';

// Drawn at the size it is shown (one SVG unit = one CSS pixel): scaled down to a narrow
// window, a fixed 1100-unit drawing shrank its 11 px labels to 7 px.
const FALLBACK_WIDTH = 1100;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** Charged calls per day as plain SVG bars; the table below it carries the same data for screen readers. */
export function SpendChart({ days }: { days: readonly DaySpend[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ref = useRef<SVGSVGElement>(null);
  const WIDTH = useWidth(ref) || FALLBACK_WIDTH;
  // Calls are whole numbers: the axis goes to at least 2, so its middle line is a whole number too.
  const top = Math.max(2, niceMax(Math.max(0, ...days.map((day) => day.calls))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const total = days.reduce((sum, day) => sum + day.calls, 0);
  const dayLabel = (day: string) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <svg
      ref={ref}
      className="spend-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('balanceScreen.chartLabel', { count: total, days: days.length })}
      data-testid="spend-chart"
    >
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
      {days.map((day, index) => {
        const height = (day.calls / top) * plotHeight;
        const x = PAD.left + index * slot + (slot - barWidth) / 2;
        return (
          <rect key={day.day} className="chart-bar" x={x} y={PAD.top + plotHeight - height} width={barWidth} height={Math.max(0, height)} rx={2}>
            <title>{`${dayLabel(day.day)}: ${t('balanceScreen.calls', { count: day.calls })}`}</title>
          </rect>
        );
      })}
      {days.map((day, index) =>
        index % Math.ceil(days.length / 6) === 0 || index === days.length - 1 ? (
          <text key={`label-${day.day}`} className="chart-axis" x={PAD.left + index * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle">
            {dayLabel(day.day)}
          </text>
        ) : null,
      )}
    </svg>
  );
}
