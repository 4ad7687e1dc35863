import { useState } from 'react';
import { formErrorsOf, type FormErrors } from './form-errors.js';

/** Controlled values, the server's field messages, and a submit wrapper that collects them. */
export function useForm<T extends Record<string, string | boolean | string[]>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof T & string) => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as T[typeof key]),
  });
  const submit = async (send: () => Promise<void>) => {
    setSubmitting(true);
    setErrors({ fields: {} });
    try {
      await send();
    } catch (err) {
      setErrors(formErrorsOf(err));
      if (typeof window !== 'undefined') window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setSubmitting(false);
    }
  };
  return { values, set, text, errors, submitting, submit };
}

/** '' → null, so an empty optional field is absent and an empty required one gets its Japanese message. */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s);
export const intOrNull = (s: string): number | null => (/^\d+$/.test(s) ? Number(s) : null);
