// The searches feature's public entry: what pages, other features and outside tests use.
export { ALERT_MAIL_OPTIONS } from './alert-mail-options.js';
export { DELETE_SEARCH_CONDITION } from './api/delete-search-condition.js';
export { REGISTER_NEWS_LETTER_FOR_LIST } from './api/register-news-letter-for-list.js';
export { SET_ALERT_MAIL } from './api/set-alert-mail.js';
export { USER_SEARCH_CONDITIONS } from './api/user-search-conditions.js';
