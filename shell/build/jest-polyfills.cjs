// jsdom lacks a few Node globals that react-dom/server, React's scheduler and Apollo use.
const timers = require('node:timers');
const util = require('node:util');
const workers = require('node:worker_threads');

globalThis.TextEncoder ??= util.TextEncoder;
globalThis.TextDecoder ??= util.TextDecoder;
globalThis.MessageChannel ??= workers.MessageChannel;
// React's scheduler prefers setImmediate; without it (jest's jsdom has none) it falls back to the
// worker_threads MessageChannel above, whose open port keeps an in-band jest run from ever exiting.
globalThis.setImmediate ??= timers.setImmediate;
globalThis.clearImmediate ??= timers.clearImmediate;
