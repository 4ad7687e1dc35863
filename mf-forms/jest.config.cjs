// mf-forms: the shared preset plus TSX, jsdom and the shell kit mapping.
const preset = require('../jest.preset.cjs');
const { frontendJest } = require('../shell/build/jest-frontend.cjs');

module.exports = { ...frontendJest(preset, __dirname), displayName: 'mf-forms' };
