// `npm test` at the root runs every workspace that has a jest.config.cjs as one project.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

/** @type {import('jest').Config} */
module.exports = {
  projects: workspaces.filter((w) => existsSync(path.join(__dirname, w, 'jest.config.cjs'))).map((w) => `<rootDir>/${w}`),
};

