import { existsSync, rmSync } from 'node:fs';
import { printServiceErrors, stopServices } from './support/stack.js';
import { FAILED_MARKER, readState, STATE_FILE } from './support/state.js';
import { dropStores } from './support/stores.js';

/** Stops every service global setup started (by process group id, waiting until they have exited) and removes the temporary data and database. */
export default async function globalTeardown(): Promise<void> {
  // Against a deployment setup started nothing (and left no state).
  if (process.env.E2E_DEPLOYMENT) return;
  const state = readState();
  await stopServices(Object.values(state.services));
  if (existsSync(FAILED_MARKER)) printServiceErrors(state.logDir);
  if (!process.env.E2E_KEEP_DATA && !process.env.E2E_DATA_DIR) rmSync(state.dataDir, { recursive: true, force: true });
  if (!process.env.E2E_KEEP_DATA && state.database) await dropStores({ databaseName: state.database.name, adminUrl: state.database.adminUrl });
  rmSync(STATE_FILE, { force: true });
  rmSync(FAILED_MARKER, { force: true });
}
