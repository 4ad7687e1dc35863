import { AppError } from '@sumika/server-kit';
import type { z } from 'zod';
import { MESSAGES } from './fields.js';

/** Per-field messages, keyed by the GraphQL argument (or input field) name. */
export type FieldErrors = Record<string, string>;

/** The first message per top-level field, in the order the schema reports them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A BAD_REQUEST the form can show: a summary, and one message per field in `extensions.fields`. */
export function invalidInput(fields: FieldErrors, message: string = MESSAGES.summary): AppError {
  return new AppError('BAD_REQUEST', message, { fields });
}

/** Parses `input` or throws BAD_REQUEST with the per-field messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(fieldErrors(result.error));
  return result.data;
}
