import type { RefObject } from 'react';
import type { FormErrors } from '../form-errors.js';

/** A failed submission's summary above the form; focused when no field is named (useForm). */
export function ErrorSummary({ form }: { form: { errors: FormErrors; summaryRef: RefObject<HTMLParagraphElement | null> } }) {
  if (!form.errors.summary) return null;
  return (
    <p className="f-summary" role="alert" tabIndex={-1} ref={form.summaryRef} data-testid="form-summary">
      {form.errors.summary}
    </p>
  );
}
