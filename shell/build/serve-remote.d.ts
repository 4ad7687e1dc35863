import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function versionOf(root: string): Promise<string>;
export function recordRelease(dir: string): Promise<{ version: string; path: string; created: boolean }>;
export function buildIfMissing(dir: string, log?: (line: string) => void): void;
export function serveRemote(opts: {
  dir: string;
  port: number;
  host?: string;
  root?: string;
  extra?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<Server>;
export function acceptedEncodings(header: string | string[] | undefined): ('br' | 'gzip')[];
