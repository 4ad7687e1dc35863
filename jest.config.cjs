// `npm test` at the root runs every workspace that has a jest.config.cjs as one project.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

/** @type {import('jest').Config} */
module.exports = {
  projects: workspaces.filter((w) => existsSync(path.join(__dirname, w, 'jest.config.cjs'))).map((w) => `<rootDir>/${w}`),
  // Jest's default on a 2-core machine is one worker, which means every file runs inside the main
  // process: ESM test modules are never freed there, the heap grows file after file and CI died of
  // it (V8 abort, exit 134, after 68 minutes). Two workers keep both cores busy (most files wait on
  // PGlite or PostgreSQL), and a worker that holds more than the limit after a file is replaced.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1500MB',
};
