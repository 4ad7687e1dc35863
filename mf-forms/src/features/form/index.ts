// The form feature's public entry: what pages, other features and outside tests use.
export { CheckboxField } from './components/checkbox-field.js';
export { CheckboxGroup, RadioGroup } from './components/choice-group.js';
export { ErrorSummary } from './components/error-summary.js';
export { SelectField } from './components/select-field.js';
export { TextArea } from './components/text-area.js';
export { TextField } from './components/text-field.js';
export { PREFECTURE_OPTIONS } from './prefectures.js';
export { recaptchaToken } from './recaptcha.js';
export { intOrNull, orNull, useForm } from './use-form.js';
