// The headers of the form pages (SPEC §2.2), one lazy chunk for the layout (decision 023).
export { InquiryFormHeader } from './inquiry-form-header.js';
export { NoMenuHeader } from './no-menu-header.js';
