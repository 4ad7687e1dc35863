// The inbound feature's public entry: what pages, other features and outside tests use.
export { INBOUND_INQUIRY_MASTER } from './api/inbound-inquiry-master.js';
export { SEND_INBOUND_INQUIRIES } from './api/send-inbound-inquiries.js';
