// jsdom lacks a few Node globals that react-dom/server and Apollo use.
const util = require('node:util');
const workers = require('node:worker_threads');

globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
globalThis.MessageChannel ??= workers.MessageChannel;
