// The shell: the shared preset plus TSX, jsdom by default (server tests say `@jest-environment node`).
const preset = require('../jest.preset.cjs');
const { frontendJest } = require('./build/jest-frontend.cjs');

module.exports = { ...frontendJest(preset, __dirname), displayName: 'shell', testPathIgnorePatterns: ['/node_modules/', '/dist/', '/kit/'] };
