import { useId, type ReactNode } from 'react';

/** What every form row shows around its control. */
export interface FieldProps {
  label: string;
  /** 必須 when true, 任意 otherwise. */
  required?: boolean;
  /** The server's message for this field (extensions.fields), shown under the control. */
  error?: string;
  hint?: string;
}

/** Spread onto the control (or, for a group, its container): labelled by the row, described by its error. */
export interface FieldControlProps {
  id: string;
  'aria-labelledby'?: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A controlled text value, as useForm's `form.text(key)` gives it. */
export interface TextControl {
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

/** A choice from a master list: `code` is what the form sends, `name` what it shows. */
export interface Choice<C extends string | number = string | number> {
  code: C;
  name: string;
  /** An example shown under the name. */
  description?: string;
}

/**
 * A labelled form row with its server message underneath (aria-invalid / aria-describedby). A
 * `group` (radios, checkboxes) is named through aria-labelledby: a label's `for` can only point at
 * one input.
 */
export function Field({
  label,
  required,
  error,
  hint,
  group = false,
  children,
}: FieldProps & { group?: boolean; children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  // The hint, then the error: screen readers read both after the label.
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const described = describedBy ? { 'aria-describedby': describedBy } : {};
  const control: FieldControlProps = group
    ? { id, 'aria-labelledby': labelId, 'aria-invalid': !!error, ...described }
    : { id, 'aria-invalid': !!error, ...described };
  return (
    <div className="f-field">
      <label className="f-label" {...(group ? { id: labelId } : { htmlFor: id })}>
        {label}
        {required ? <span className="f-required">必須</span> : <span className="f-optional">任意</span>}
      </label>
      <div className="f-control">
        {children(control)}
        {hint && (
          <p className="f-hint" id={hintId}>
            {hint}
          </p>
        )}
        {error && (
          <p className="f-error" id={errorId} role="alert" data-testid="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
