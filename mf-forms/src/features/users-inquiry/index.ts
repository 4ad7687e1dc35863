// The users-inquiry feature's public entry: what pages, other features and outside tests use.
export { SEND_INQUIRY } from './api/send-inquiry.js';
export { USERS_INQUIRY_MASTER } from './api/users-inquiry-master.js';
