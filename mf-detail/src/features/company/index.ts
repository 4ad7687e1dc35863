// The company feature's public entry: what pages, other features and outside tests use.
export { COMPANY_DETAIL } from './api/company-detail.js';
