import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a supergraph where a running gateway reads it, atomically: a complete temporary file in the
 * same directory renamed over the old one, so the gateway (which watches the directory) never reads a
 * half-written schema. Returns the new supergraph's short hash (what the gateway logs on reload).
 */
export function publishSupergraph(file: string, sdl: string): string {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(tmp, sdl);
  renameSync(tmp, file);
  return createHash('sha256').update(sdl).digest('hex').slice(0, 12);
}
