import { useEffect, useId, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrolledIntoView } from '../errors/in-view-error';
import { settingErrorText } from './setting-error-text';
import type { Parsed, Problem } from './setting-values';
import type { SaveState } from './use-save-setting';

/** "Saved", or the engine's reason for refusing: announced, and tied to the field. */
export function SaveStatus({ id, state, problem }: { id: string; state: SaveState; problem?: Problem | undefined }) {
  const { t } = useTranslation();
  if (problem) {
    return (
      <p id={id} className="small field-problem" role="alert">
        {t(problem.key, problem.values ?? {})}
      </p>
    );
  }
  if (state.kind === 'error') return <RefusedSetting id={id} text={settingErrorText(state.error, t)} />;
  return (
    <p id={id} className="small muted field-status" role="status">
      {state.kind === 'saved' ? t('settings.saved') : state.kind === 'saving' ? t('settings.saving') : state.kind === 'checking' ? t('settings.checking') : ''}
    </p>
  );
}

/** The engine's refusal, scrolled into view: at 800×600 it could land below the fold. */
function RefusedSetting({ id, text }: { id: string; text: string }) {
  const ref = useScrolledIntoView<HTMLParagraphElement>(text);
  return (
    <p ref={ref} id={id} className="small field-problem" role="alert">
      {text}
    </p>
  );
}

/** Enter or leaving the field commits what was typed (a text setting saves then, not on every key). */
export const commitOnLeave = (commit: () => void) => ({
  onBlur: commit,
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  },
});

/** A field's label and its hint (described-by `${id}-hint`). */
function FieldLabel({ id, label, hint }: { id: string; label: string; hint?: ReactNode }) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="small muted">
          {hint}
        </span>
      )}
    </>
  );
}

interface TextSettingProps<T> {
  label: string;
  hint?: ReactNode;
  /** The stored value as text. */
  text: string;
  parse: (text: string) => Parsed<T>;
  save: (value: T) => Promise<boolean>;
  state: SaveState;
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** Beside the input (e.g. a folder picker). */
  extra?: ReactNode;
  testId?: string;
}

/**
 * A typed setting: checked as you leave the field or press Enter, with the problem in your
 * language; saved only when valid and changed. A stored value changed elsewhere shows up.
 */
export function TextSetting<T>({ label, hint, text, parse, save, state, input, extra, testId }: TextSettingProps<T>) {
  const id = useId();
  const [draft, setDraft] = useState(text);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  useEffect(() => setDraft(text), [text]);
  const commit = () => {
    const parsed = parse(draft);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(undefined);
    if (draft.trim() !== text.trim()) void save(parsed.value);
  };
  return (
    <div className="field setting" data-testid={testId}>
      <FieldLabel id={id} label={label} hint={hint} />
      <div className="row">
        <input
          id={id}
          className="input grow"
          value={draft}
          aria-invalid={problem !== undefined || state.kind === 'error'}
          aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-status`}
          onChange={(event) => setDraft(event.target.value)}
          {...commitOnLeave(commit)}
          {...input}
        />
        {extra}
      </div>
      <SaveStatus id={`${id}-status`} state={state} problem={problem} />
    </div>
  );
}

interface ChoiceSettingProps<T extends string | number> {
  label: string;
  hint?: ReactNode;
  value: T;
  choices: ReadonlyArray<{ value: T; label: string }>;
  save: (value: T) => Promise<boolean>;
  state: SaveState;
  testId?: string;
}

/** A setting with a few fixed values: a select, saved as soon as it changes. */
export function SelectSetting<T extends string | number>({ label, hint, value, choices, save, state, testId }: ChoiceSettingProps<T>) {
  const id = useId();
  return (
    <div className="field setting" data-testid={testId}>
      <FieldLabel id={id} label={label} hint={hint} />
      <select
        id={id}
        className="input select"
        value={String(value)}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-status`}
        onChange={(event) => {
          const chosen = choices.find((choice) => String(choice.value) === event.target.value);
          if (chosen) void save(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={String(choice.value)} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
      <SaveStatus id={`${id}-status`} state={state} />
    </div>
  );
}

/** The same as radio buttons, for two or three choices worth seeing at once. */
export function RadioSetting<T extends string>({ label, hint, value, choices, save, state, testId }: ChoiceSettingProps<T>) {
  const id = useId();
  return (
    <fieldset className="setting segmented" data-testid={testId} aria-describedby={`${id}-status`}>
      <legend>{label}</legend>
      {hint && <p className="small muted setting-hint">{hint}</p>}
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input type="radio" name={id} value={choice.value} checked={value === choice.value} onChange={() => void save(choice.value)} />
          <span className="choice-title">{choice.label}</span>
        </label>
      ))}
      <SaveStatus id={`${id}-status`} state={state} />
    </fieldset>
  );
}

/** An on/off setting, saved as soon as it is switched. */
export function CheckSetting({ label, hint, checked, save, state, testId }: { label: string; hint?: ReactNode; checked: boolean; save: (value: boolean) => Promise<boolean>; state: SaveState; testId?: string }) {
  const id = useId();
  return (
    <div className="setting setting-check" data-testid={testId}>
      <label className="check">
        <input type="checkbox" checked={checked} aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-status`} onChange={(event) => void save(event.target.checked)} />
        <span>{label}</span>
      </label>
      {hint && (
        <span id={`${id}-hint`} className="small muted setting-hint">
          {hint}
        </span>
      )}
      <SaveStatus id={`${id}-status`} state={state} />
    </div>
  );
}
