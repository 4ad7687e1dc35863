import { useId, type ReactNode } from 'react';

/** A labelled form row with its server message underneath (aria-invalid / aria-describedby). */
export function Field({ label, required, error, hint, children }: { label: string; required?: boolean; error?: string; hint?: string; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="f-field">
      <label className="f-label" htmlFor={id}>
        {label}
        {required ? <span className="f-required">必須</span> : <span className="f-optional">任意</span>}
      </label>
      <div className="f-control">
        {children({ id, 'aria-invalid': !!error, ...(error ? { 'aria-describedby': errorId } : {}) })}
        {hint && <p className="f-hint">{hint}</p>}
        {error && (
          <p className="f-error" id={errorId} role="alert" data-testid="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
