// The histories feature's public entry: what pages, other features and outside tests use.
export { DELETE_HISTORIES } from './api/delete-histories.js';
export { USER_HISTORIES } from './api/user-histories.js';
