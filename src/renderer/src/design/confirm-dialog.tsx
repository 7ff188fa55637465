import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface DialogChoice {
  label: string;
  tone?: 'primary' | 'danger';
  onChoose: () => void;
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  choices: readonly DialogChoice[];
  cancelLabel: string;
  onCancel: () => void;
}

/**
 * A modal question on the native <dialog>: the browser traps focus, Escape cancels, and
 * focus returns to where it was. Choices are listed safest first; Cancel has the focus.
 */
export function ConfirmDialog({ open, title, children, choices, cancelLabel, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog card" aria-labelledby={titleId} onCancel={onCancel} onClose={() => open && onCancel()}>
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="row wrap dialog-actions">
        <button type="button" className="button" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        {choices.map((choice) => (
          <button key={choice.label} type="button" className={`button${choice.tone ? ` button-${choice.tone}` : ''}`} onClick={choice.onChoose}>
            {choice.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
