import { Field, type Choice, type FieldProps } from './field.js';

/** A choice's text: its name, and its description underneath when it has one. */
function ChoiceText({ choice }: { choice: Choice }) {
  if (!choice.description) return choice.name;
  return (
    <span>
      {choice.name}
      <br />
      <small className="f-hint">{choice.description}</small>
    </span>
  );
}

export interface RadioGroupProps extends FieldProps {
  name: string;
  /** The chosen code as a string ('' for none). */
  value: string;
  onChange: (value: string) => void;
  options?: readonly Choice[];
}

/** One of a master list, as radio buttons. */
export function RadioGroup({ label, required, error, hint, name, value, onChange, options = [] }: RadioGroupProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint} group>
      {(control) => (
        <div className="f-choices" role="radiogroup" {...control}>
          {options.map((o) => (
            <label key={o.code}>
              <input type="radio" name={name} value={o.code} checked={value === String(o.code)} onChange={(e) => onChange(e.target.value)} />
              <ChoiceText choice={o} />
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}

export interface CheckboxGroupProps extends FieldProps {
  /** The ticked codes, in the order they were ticked. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  options?: readonly Choice<string>[];
}

/** Any number of a master list, as checkboxes. */
export function CheckboxGroup({ label, required, error, hint, value, onChange, options = [] }: CheckboxGroupProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint} group>
      {(control) => (
        <div className="f-choices" role="group" {...control}>
          {options.map((o) => (
            <label key={o.code}>
              <input
                type="checkbox"
                checked={value.includes(o.code)}
                onChange={(e) => onChange(e.target.checked ? [...value, o.code] : value.filter((c) => c !== o.code))}
              />
              <ChoiceText choice={o} />
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}
