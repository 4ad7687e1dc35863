// jsdom leaves out TextEncoder/TextDecoder, which Apollo's and React's server code read: tests borrow Node's.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
