import { Field, type Choice, type FieldProps, type TextControl } from './field.js';

export interface SelectFieldProps extends FieldProps, TextControl {
  /** e.g. address-level1 for the sender's own prefecture. */
  autoComplete?: string;
  /** The master list; absent while it loads. */
  options?: readonly Choice[];
}

/** A drop-down of a master list, starting at 選択してください (value ''). */
export function SelectField({ label, required, error, hint, options = [], name, value, onChange, autoComplete }: SelectFieldProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <select {...control} autoComplete={autoComplete} name={name} value={value} onChange={onChange}>
          <option value="">選択してください</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
