/** Test helpers of mf-forms' page tests: the shell's options for a form page, and a form's controls and messages. */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';

/** Without a site key the page sends the config's test token (features/form/recaptcha.ts). */
export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';

/** What the shell passes a form page in these tests: its config, and a visit on 2024-10-03 from the top page. */
export const FORM_PAGE = {
  config: { env: 'test', recaptchaTestToken: TEST_RECAPTCHA_TOKEN },
  referer: 'https://sumika.example/',
  now: '2024-10-03T01:00:00Z',
} as const;

/** The error element among those a control is described by (aria-describedby lists the hint, then the error). */
export function errorElementOf(control: HTMLElement): HTMLElement | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('f-error')) ?? null;
}

/** The message a control is described by (aria-describedby), after checking it is marked invalid. */
export function errorMessageOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  return errorElementOf(control)?.textContent ?? null;
}

/** jsdom has no scrolling; a rejected submission scrolls to the summary. Call before each test (jest restores it). */
export function stubScrolling(): void {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
}

/** A form's controls by their label (the label may go on with 必須). */
export const textboxNamed = (name: RegExp) => screen.getByRole('textbox', { name });
export const selectNamed = (name: RegExp) => screen.getByRole('combobox', { name });
