import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@sumika/server-kit/root';

export interface Service {
  name: string;
  /** Entry file relative to the repo root; the service runs only when it exists. */
  entry: string;
  port: number;
  portEnv: string;
  color: string;
  /** The process group it joins on the embedded default (units below; decision 020). */
  group?: GroupName;
  /** Node's options for its own process: the runner's command and its image's CMD (infra:validate). */
  nodeFlags?: readonly string[];
}

/**
 * The shell's young generation: 64 MB semi-spaces instead of 16. A page's render allocates a few MB
 * that die with the request; with the default, scavenges ran every few pages and promoted what was
 * still in flight (`npm run bench:pages -- --quick --connections 20`: detail shell 4.1 → 3.5 ms a
 * page; docs/benchmarks.md). Only the shell's: every service with it read ~200 MB more RSS idle
 * (issue 15's ≤ 1 GB), for less in the others.
 */
export const SHELL_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

export type GroupName = 'subgraphs' | 'remotes';

/** The entry that runs several services in one process (group.ts), and each group's log colour. */
export const GROUP_ENTRY = 'infra/src/runner/group.ts';
const GROUP_COLORS: Record<GroupName, string> = { subgraphs: 'cyan', remotes: 'cyanBright' };

/**
 * Every service of the local site, in start order. Later issues register theirs here
 * (gateway 4000, subgraphs 4001–4005, remotes 3001–3004, shell 3000).
 */
export const SERVICES: readonly Service[] = [
  { name: 'search', entry: 'subgraphs/search/src/server.ts', port: 4001, portEnv: 'SEARCH_PORT', color: 'cyan', group: 'subgraphs' },
  { name: 'bukken', entry: 'subgraphs/bukken/src/server.ts', port: 4002, portEnv: 'BUKKEN_PORT', color: 'green', group: 'subgraphs' },
  { name: 'user', entry: 'subgraphs/user/src/server.ts', port: 4003, portEnv: 'USER_PORT', color: 'yellow', group: 'subgraphs' },
  { name: 'company', entry: 'subgraphs/company/src/server.ts', port: 4004, portEnv: 'COMPANY_PORT', color: 'blue', group: 'subgraphs' },
  { name: 'forms', entry: 'subgraphs/forms/src/server.ts', port: 4005, portEnv: 'FORMS_PORT', color: 'magenta', group: 'subgraphs' },
  { name: 'gateway', entry: 'gateway/src/server.ts', port: 4000, portEnv: 'GATEWAY_PORT', color: 'red' },
  { name: 'mf-search', entry: 'mf-search/serve.js', port: 3001, portEnv: 'MF_SEARCH_PORT', color: 'cyanBright', group: 'remotes' },
  { name: 'mf-detail', entry: 'mf-detail/serve.js', port: 3002, portEnv: 'MF_DETAIL_PORT', color: 'greenBright', group: 'remotes' },
  { name: 'mf-user', entry: 'mf-user/serve.js', port: 3003, portEnv: 'MF_USER_PORT', color: 'yellowBright', group: 'remotes' },
  { name: 'mf-forms', entry: 'mf-forms/serve.js', port: 3004, portEnv: 'MF_FORMS_PORT', color: 'magentaBright', group: 'remotes' },
  { name: 'shell', entry: 'shell/src/server/main.ts', port: 3000, portEnv: 'SHELL_PORT', color: 'white', nodeFlags: SHELL_NODE_FLAGS },
];

export function availableServices(): Service[] {
  return SERVICES.filter((s) => existsSync(path.join(repoRoot(), s.entry)));
}

/** The services to run: every available one, or those named in `RUN_SERVICES` (comma-separated). */
export function selectedServices(env: NodeJS.ProcessEnv = process.env): Service[] {
  const available = availableServices();
  const wanted = env.RUN_SERVICES?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (!wanted?.length) return available;
  const unknown = wanted.filter((n) => !available.some((s) => s.name === n));
  if (unknown.length) throw new Error(`RUN_SERVICES: unknown service ${unknown.join(', ')} (known: ${available.map((s) => s.name).join(', ')})`);
  return available.filter((s) => wanted.includes(s.name));
}

/** What the runner starts as one child process: a service alone, or a group of services (group.ts). */
export interface Unit {
  /** The service's name, or the group's. */
  name: string;
  entry: string;
  color: string;
  /** Set for a group (its entry is GROUP_ENTRY, its services are named in GROUP_SERVICES). */
  group?: GroupName;
  /** The services it runs, each on its own port. */
  services: Service[];
}

/**
 * The processes to run for `services`: with `grouped` (the embedded default), services of one group
 * share a process when two or more of them are selected; otherwise one process per service. In the
 * order of `services` (a group where its first member is).
 */
export function unitsOf(services: readonly Service[], grouped: boolean): Unit[] {
  const units: Unit[] = [];
  for (const service of services) {
    const group = grouped ? service.group : undefined;
    const members = group ? services.filter((s) => s.group === group) : [service];
    if (members.length < 2) units.push({ name: service.name, entry: service.entry, color: service.color, services: [service] });
    else if (members[0] === service) units.push({ name: group!, entry: GROUP_ENTRY, color: GROUP_COLORS[group!], group, services: members });
  }
  return units;
}

/** Where each service is reached by the others: the variables that name it, from its port. */
function addressesOf(service: Service, port: number): Record<string, string> {
  const at = `http://127.0.0.1:${port}`;
  if (service.group === 'subgraphs') return { [`${service.name.toUpperCase()}_URL`]: `${at}/graphql` };
  if (service.group === 'remotes') {
    const env = `MF_${service.name.slice('mf-'.length).toUpperCase()}`;
    return { [`${env}_URL`]: at, [`${env}_PUBLIC_URL`]: `http://localhost:${port}` };
  }
  if (service.name === 'gateway') return { GATEWAY_URL: `${at}/graphql`, GATEWAY_JWKS_URL: `${at}/.well-known/jwks.json` };
  if (service.name === 'shell') return { SHELL_JWKS_URL: `${at}/.well-known/jwks.json` };
  return {};
}

/**
 * The environment that wires the services to each other when ports move (`GATEWAY_PORT=4100 npm start`):
 * every service's `<NAME>_PORT`, and for each one off its default port the variables the others reach
 * it by (`SEARCH_URL`, `GATEWAY_URL`, `MF_SEARCH_URL`, …). A variable already set is left as it is;
 * on the default ports nothing changes (each service's own defaults already point there).
 */
export function wiringEnv(ports: Record<string, number>, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const service of SERVICES) {
    const port = ports[service.name] ?? service.port;
    out[service.portEnv] = String(port);
    if (port === service.port) continue;
    for (const [name, value] of Object.entries(addressesOf(service, port))) if (env[name] === undefined) out[name] = value;
  }
  return out;
}

/** At most this many instances of one subgraph from `--scale` (a laptop's cores are the limit). */
export const MAX_INSTANCES = 8;
/** Instance i (from 1) of a scaled subgraph listens `INSTANCE_PORT_STEP * i` above the first: search 4001, 4101, 4201, … */
export const INSTANCE_PORT_STEP = 100;

/**
 * `--scale search=3,bukken=2`: how many instances of each subgraph to run. Only subgraphs scale (the
 * gateway balances over a subgraph's instances); a name, a count from 1 to MAX_INSTANCES, no repeats.
 */
export function parseScale(spec: string): Record<string, number> {
  const out: Record<string, number> = {};
  const subgraphs = SERVICES.filter((s) => s.group === 'subgraphs').map((s) => s.name);
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)=(\d+)$/.exec(part);
    if (!m) throw new Error(`--scale: "${part}" is not <subgraph>=<count> (e.g. --scale search=3,bukken=2)`);
    const [, name, count] = m as unknown as [string, string, string];
    if (!subgraphs.includes(name)) throw new Error(`--scale: ${name} is not a subgraph (${subgraphs.join(', ')})`);
    if (name in out) throw new Error(`--scale: ${name} is named twice`);
    const n = Number(count);
    if (n < 1 || n > MAX_INSTANCES) throw new Error(`--scale: ${name}=${n}: from 1 to ${MAX_INSTANCES} instances`);
    out[name] = n;
  }
  return out;
}

/**
 * The services with each scaled subgraph's extra instances (`search-2` on the first's port + 100, …),
 * and the environment that hands the gateway every instance's URL (`SEARCH_URL=…4001/graphql,…4101/graphql`).
 */
export function scaledServices(
  services: readonly Service[],
  scale: Record<string, number>,
  ports: Record<string, number>,
): { services: Service[]; env: Record<string, string> } {
  const out: Service[] = [];
  const env: Record<string, string> = {};
  for (const service of services) {
    out.push(service);
    const n = scale[service.name] ?? 1;
    if (n < 2) continue;
    const first = ports[service.name] ?? service.port;
    const instancePorts = Array.from({ length: n }, (_, i) => first + INSTANCE_PORT_STEP * i);
    for (let i = 1; i < n; i++) out.push({ ...service, name: `${service.name}-${i + 1}`, port: instancePorts[i]! });
    env[`${service.name.toUpperCase()}_URL`] = instancePorts.map((p) => `http://127.0.0.1:${p}/graphql`).join(',');
  }
  return { services: out, env };
}
