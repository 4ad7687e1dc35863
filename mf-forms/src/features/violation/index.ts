// The violation feature's public entry: what pages, other features and outside tests use.
export { SEND_VIOLATION } from './api/send-violation.js';
export { VIOLATION_MASTER } from './api/violation-master.js';
