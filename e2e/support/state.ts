import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackState } from './stack.js';

/** Where global setup leaves the stack's ports and process ids for the journeys and teardown. */
export const STATE_FILE = process.env.E2E_STATE_FILE ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.stack.json');

/** Written by the failure-marker reporter when a journey fails; global teardown prints the logs' failures then. */
export const FAILED_MARKER = `${STATE_FILE}.failed`;

export function readState(): StackState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

export function saveState(state: StackState): void {
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}
