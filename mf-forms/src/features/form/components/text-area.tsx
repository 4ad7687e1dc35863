import { Field, type FieldProps, type TextControl } from './field.js';

export interface TextAreaProps extends FieldProps, TextControl {
  maxLength?: number;
}

/** A multi-line text in a form row. */
export function TextArea({ label, required, error, hint, name, value, onChange, ...attrs }: TextAreaProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => <textarea {...attrs} {...control} name={name} value={value} onChange={onChange} />}
    </Field>
  );
}
