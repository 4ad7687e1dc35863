// The mail feature's public entry: what pages, other features and outside tests use.
export { STOP_ALL_MAIL_MAGAZINE } from './api/stop-all-mail-magazine.js';
