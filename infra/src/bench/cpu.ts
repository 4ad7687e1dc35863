import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes and their descendants, read from /proc (Linux): what the benches divide by
 * the responses for CPU ms per request.
 */

export const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export type ProcessTable = Map<number, { ppid: number; ticks: number }>;

/** CPU ticks (utime + stime, and cutime + cstime of reaped children) and parent of every process. */
export function processTable(): ProcessTable {
  const table: ProcessTable = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name, which is in parentheses and may hold spaces: state ppid … utime(14) stime cutime cstime.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    table.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  return table;
}

/** Ticks of the process and every descendant (a tsx launcher's node child included). */
export function treeTicks(pid: number, table: ProcessTable): number {
  let sum = table.get(pid)?.ticks ?? 0;
  for (const [child, row] of table) if (row.ppid === pid) sum += treeTicks(child, table);
  return sum;
}

/** CPU ms so far of the processes' trees together. */
export function treesCpuMs(pids: readonly number[]): number {
  const table = processTable();
  return pids.reduce((ms, pid) => ms + treeTicks(pid, table) * TICK_MS, 0);
}
