import { rmSync } from 'node:fs';
import { stopService } from './support/stack.js';
import { readState, STATE_FILE } from './support/state.js';

/** Stops every service global setup started (by process group id) and removes the temporary data. */
export default async function globalTeardown(): Promise<void> {
  const state = readState();
  for (const service of Object.values(state.services)) stopService(service);
  await new Promise((r) => setTimeout(r, 1000));
  if (!process.env.E2E_KEEP_DATA && !process.env.E2E_DATA_DIR) rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
