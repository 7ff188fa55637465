import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { SaveStatus, commitOnLeave } from './setting-field';
import type { SaveState } from './use-save-setting';

const FIELDS = ['author', 'caption', 'id', 'site', 'date', 'quality', 'ext'];

/** The file name template, with the name it gives a sample post as you type (the engine renders it). */
export function TemplateSetting({ value, save, state }: { value: string; save: (template: string) => Promise<boolean>; state: SaveState }) {
  const { t } = useTranslation();
  const { api } = useClient();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [preview, setPreview] = useState<{ name: string } | { error: ErrorInfo } | undefined>(undefined);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void api['settings.previewFileName']({ template: draft }).then((answer) => {
        if (live) setPreview(answer.ok ? { name: answer.value.name } : { error: answer.error });
      });
    }, 80);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, draft]);

  const invalid = preview !== undefined && 'error' in preview;
  const commit = () => {
    if (!invalid && draft.trim() !== value.trim() && draft.trim() !== '') void save(draft.trim());
  };
  return (
    <div className="field setting" data-testid="template-setting">
      <label htmlFor={id} className="field-label">
        {t('settings.fileNameTemplate')}
      </label>
      <span id={`${id}-hint`} className="small muted">
        {t('settings.fileNameTemplateHint', { fields: FIELDS.map((field) => `{${field}}`).join(' ') })}
      </span>
      <input
        id={id}
        className="input mono"
        value={draft}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint ${id}-preview ${id}-status`}
        onChange={(event) => setDraft(event.target.value)}
        {...commitOnLeave(commit)}
      />
      <p id={`${id}-preview`} className={`small template-preview${invalid ? ' field-problem' : ''}`} aria-live="polite" data-testid="template-preview">
        {preview === undefined ? '\u00a0' : 'name' in preview ? t('settings.preview', { name: preview.name }) : t('settings.problems.template', { fields: FIELDS.map((field) => `{${field}}`).join(' ') })}
      </p>
      {/* A save that beat the preview fails for the same reason the preview line already gives, in the user's words. */}
      <SaveStatus id={`${id}-status`} state={invalid && state.kind === 'error' ? { kind: 'idle' } : state} />
    </div>
  );
}
