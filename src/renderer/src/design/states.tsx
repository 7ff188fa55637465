import type { ReactNode } from 'react';

/** Something is on its way: a spinner and what it is, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="state state-loading" role="status" data-testid="loading-state">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** Nothing to show yet: what this place is for, and what to do about it. */
export function EmptyState({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="state state-empty" data-testid={testId ?? 'empty-state'}>
      <svg className="state-art" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10" />
      </svg>
      <p className="state-title">{title}</p>
      {children && <div className="state-hint muted">{children}</div>}
    </div>
  );
}
