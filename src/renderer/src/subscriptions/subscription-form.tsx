import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BALANCE_ALERT_THRESHOLDS } from '../../../shared/credits';
import { SUBSCRIPTION_SCHEDULES, stopBelowSchema } from '../../../shared/subscriptions';
import type { SubscriptionSchedule, SubscriptionSettings } from '../../../shared/subscriptions';

export type FormChoices = Pick<SubscriptionSettings, 'schedule' | 'runCap' | 'monthCap' | 'stopBelow' | 'onlyAfter'> & { folder: string };

const capText = (cap: number | null): string => (cap === null ? '' : String(cap));
const capOf = (text: string): number | null | 'bad' => {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) && number > 0 ? number : 'bad';
};
/** The local calendar day of a time, as a date field writes it (yyyy-mm-dd). */
const dayText = (at: number | null): string => {
  if (at === null) return '';
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

interface SubscriptionFormProps {
  initial: FormChoices;
  submitLabel: string;
  busy: boolean;
  onSubmit: (choices: FormChoices) => void;
  onCancel?: () => void;
}

/** Schedule, caps, the balance to stop above, "only posts after" and the folder. */
export function SubscriptionForm({ initial, submitLabel, busy, onSubmit, onCancel }: SubscriptionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [schedule, setSchedule] = useState<SubscriptionSchedule>(initial.schedule);
  const [runCap, setRunCap] = useState(capText(initial.runCap));
  const [monthCap, setMonthCap] = useState(capText(initial.monthCap));
  const [stopBelow, setStopBelow] = useState(initial.stopBelow);
  const [after, setAfter] = useState(dayText(initial.onlyAfter));
  const [folder, setFolder] = useState(initial.folder);
  const run = capOf(runCap);
  const month = capOf(monthCap);
  const bad = run === 'bad' || month === 'bad';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (run === 'bad' || month === 'bad') return;
    onSubmit({ schedule, runCap: run, monthCap: month, stopBelow, onlyAfter: after === dayText(initial.onlyAfter) ? initial.onlyAfter : after ? new Date(`${after}T00:00:00`).getTime() : null, folder: folder.trim() });
  };

  return (
    <form className="subscription-form" onSubmit={submit} data-testid="subscription-form">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-schedule`}>
          {t('subscriptions.schedule')}
        </label>
        <select id={`${id}-schedule`} className="input select" value={schedule} onChange={(event) => setSchedule(event.target.value as SubscriptionSchedule)}>
          {SUBSCRIPTION_SCHEDULES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`subscriptions.every.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-run`}>
          {t('subscriptions.runCap')}
        </label>
        <input id={`${id}-run`} className="input" inputMode="decimal" placeholder={t('subscriptions.noCap')} value={runCap} onChange={(event) => setRunCap(event.target.value)} aria-invalid={run === 'bad'} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-month`}>
          {t('subscriptions.monthCap')}
        </label>
        <input id={`${id}-month`} className="input" inputMode="decimal" placeholder={t('subscriptions.noCap')} value={monthCap} onChange={(event) => setMonthCap(event.target.value)} aria-invalid={month === 'bad'} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-stop`}>
          {t('subscriptions.stopBelow')}
        </label>
        <select id={`${id}-stop`} className="input select" value={stopBelow} onChange={(event) => setStopBelow(stopBelowSchema.parse(Number(event.target.value)))}>
          {BALANCE_ALERT_THRESHOLDS.map((threshold) => (
            <option key={threshold} value={threshold}>
              {threshold}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-after`}>
          {t('subscriptions.onlyAfter')}
        </label>
        <input id={`${id}-after`} className="input" type="date" value={after} onChange={(event) => setAfter(event.target.value)} />
      </div>
      <div className="field subscription-folder">
        <label className="field-label" htmlFor={`${id}-folder`}>
          {t('subscriptions.folder')}
        </label>
        <input id={`${id}-folder`} className="input" placeholder={t('subscriptions.defaultFolder')} value={folder} onChange={(event) => setFolder(event.target.value)} />
      </div>
      {bad && <p className="field-problem">{t('subscriptions.badCap')}</p>}
      <div className="row subscription-form-actions">
        <button type="submit" className="button button-primary button-small" disabled={busy || bad}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
