interface ProgressBarProps {
  /** 0..1, or undefined while the total is unknown (an indeterminate bar). */
  value: number | undefined;
  label: string;
  tone?: 'default' | 'done' | 'failed';
}

export function ProgressBar({ value, label, tone = 'default' }: ProgressBarProps) {
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  const classes = ['progress', tone !== 'default' ? `progress-${tone}` : '', percent === undefined ? 'progress-indeterminate' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress-bar" style={{ width: `${percent ?? 0}%` }} />
    </div>
  );
}
