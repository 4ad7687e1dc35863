// jsdom leaves out a few Node globals that react-router and react-dom/server use; tests borrow Node's.
const { TextEncoder, TextDecoder } = require('node:util');
const { MessageChannel } = require('node:worker_threads');

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.MessageChannel === 'undefined') Object.assign(globalThis, { MessageChannel });
