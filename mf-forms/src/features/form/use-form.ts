import { useEffect, useRef, useState } from 'react';
import { formErrorsOf, type FormErrors } from './form-errors.js';

/** The control a failed submission focuses: the first invalid one (a group's first input), else the summary. */
function focusFirstError(form: HTMLFormElement | null, summary: HTMLElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid && !invalid.matches('input, select, textarea') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
  (target ?? summary)?.focus();
}

/**
 * Controlled values, the server's field messages, and a submit wrapper that collects them. One
 * submission at a time (a double click sends once); a failure keeps every value and focuses the
 * first field in error, or the summary when no field is named.
 */
export function useForm<T extends Record<string, string | boolean | string[]>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: two clicks in one frame both see submitting === false.
  const pending = useRef(false);
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failures > 0) focusFirstError(formRef.current, summaryRef.current);
  }, [failures]);
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof T & string) => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as T[typeof key]),
  });
  const submit = async (send: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setSubmitting(true);
    setErrors({ fields: {} });
    try {
      await send();
    } catch (err) {
      setErrors(formErrorsOf(err));
      setFailures((n) => n + 1);
    } finally {
      pending.current = false;
      setSubmitting(false);
    }
  };
  return { values, set, text, errors, submitting, submit, formRef, summaryRef };
}

/** '' → null, so an empty optional field is absent and an empty required one gets its Japanese message. */
export const orNull = (s: string): string | null => (s.trim() === '' ? null : s);
export const intOrNull = (s: string): number | null => (/^\d+$/.test(s) ? Number(s) : null);
