// The apply feature's public entry: what pages, other features and outside tests use.
export { APPLY_PAGE_DATA } from './api/apply-page-data.js';
export { CREATE_APPLY } from './api/create-apply.js';
export { MARK_INQUIRIES_SENT } from './api/mark-inquiries-sent.js';
export { START_INQUIRY } from './api/start-inquiry.js';
export { APPLY_START_DATA } from './api/apply-start-data.js';
export { ApplyStart } from './components/apply-start.js';
export { APPLY_ALSO_ASK } from './api/also-ask-data.js';
export { alsoAskCandidates, type AlsoAskCandidate } from './also-ask.js';
