// The cashback feature's public entry: what pages, other features and outside tests use.
export { CASHBACK_CAMPAIGN } from './api/cashback-campaign.js';
export { CREATE_CASHBACK_APPLICATION } from './api/create-cashback-application.js';
export { CASHBACK_CONDITIONS, CASHBACK_FAQ, CASHBACK_STEPS, campaignWindowText } from './content.js';
