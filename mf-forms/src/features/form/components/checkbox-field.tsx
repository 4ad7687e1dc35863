import { Field, type FieldProps } from './field.js';

export interface CheckboxFieldProps extends FieldProps {
  /** What ticking the box states, e.g. 免許を保有している. */
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A single yes/no box in a form row (a statement the sender confirms). */
export function CheckboxField({ label, required, error, hint, text, checked, onChange }: CheckboxFieldProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <label>
          <input type="checkbox" {...control} checked={checked} onChange={(e) => onChange(e.target.checked)} />
          {` ${text}`}
        </label>
      )}
    </Field>
  );
}
