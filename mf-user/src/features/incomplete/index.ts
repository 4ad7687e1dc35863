// The incomplete feature's public entry: what pages, other features and outside tests use.
export { DELETE_INCOMPLETE_INQUIRIES } from './api/delete-incomplete-inquiries.js';
export { USER_INCOMPLETE_INQUIRIES } from './api/user-incomplete-inquiries.js';
