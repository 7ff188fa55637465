import type { ReactNode } from 'react';

/** What the control needs so screen readers tie it to the hint and the problem. */
export interface LinkControlProps {
  'aria-describedby': string;
  'aria-invalid': boolean;
}

interface LinkFieldProps {
  /** The control's id; the hint and the problem take `${id}-hint` and `${id}-problem`. */
  id: string;
  label: string;
  hint: string;
  problem: string | undefined;
  /** The submit button's text. */
  action: string;
  rowClassName?: string;
  children: (control: LinkControlProps) => ReactNode;
}

/** The inside of a form that takes a link: label, hint, the control with its submit button, the problem. */
export function LinkField({ id, label, hint, problem, action, rowClassName = 'row', children }: LinkFieldProps) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <p id={`${id}-hint`} className="small muted">
        {hint}
      </p>
      <div className={rowClassName}>
        {children({ 'aria-describedby': `${id}-hint${problem ? ` ${id}-problem` : ''}`, 'aria-invalid': problem !== undefined })}
        <button type="submit" className="button button-primary">
          {action}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="small field-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
