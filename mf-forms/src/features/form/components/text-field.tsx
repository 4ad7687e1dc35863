import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps, type TextControl } from './field.js';

export interface TextFieldProps
  extends FieldProps, TextControl, Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder' | 'inputMode' | 'min' | 'maxLength'> {
  /** The input types the forms style (ui/styles.tsx). */
  type?: 'text' | 'email' | 'tel' | 'url' | 'date' | 'number';
}

/** A one-line input in a form row: `<TextField label="お名前" required error={err.name} {...form.text('name')} />`. */
export function TextField({ label, required, error, hint, type = 'text', name, value, onChange, ...attrs }: TextFieldProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => <input type={type} {...attrs} {...control} name={name} value={value} onChange={onChange} />}
    </Field>
  );
}
