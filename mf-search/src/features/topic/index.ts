// The topic feature's public entry: what pages, other features and outside tests use.
export { SEARCH_TOPIC_PAGE } from './api/search-topic-page.js';
