// jsdom leaves out TextEncoder/TextDecoder, which react-router reads at load: tests borrow Node's.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
