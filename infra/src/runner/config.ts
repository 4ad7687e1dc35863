import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit/config';
import { databaseUrlFor, dataDir, SUBGRAPH_ENV, SUBGRAPHS } from '@sumika/server-kit/env';
import { SERVICES } from './services.js';

export interface RunnerConfig {
  /**
   * Listings seeded into an empty store (SEED_LISTINGS; unset: the seed's DEFAULT_LISTINGS, applied by
   * prepare.ts, so that the runner itself does not load the seed's modules).
   */
  seedListings?: number;
  /** Each service's port by name (`<NAME>_PORT`, else its default). */
  ports: Record<string, number>;
  dataDir: string;
  /**
   * START_MODE: `compiled` (default) runs each TypeScript service from its esbuild bundle (built when
   * missing or stale, compile.ts); `tsx` runs the sources under tsx (`npm run dev`: no build step).
   */
  startMode: 'compiled' | 'tsx';
  /**
   * Whether services of one group share a process (decision 020): PROCESS_GROUPS `auto` (default) groups
   * on the embedded default — no DATABASE_URL nor `<NAME>_DATABASE_URL` — the five subgraphs in one
   * process and the four remotes' static servers in another; `off` runs one process per service.
   */
  grouped: boolean;
}

/**
 * What `npm start` reads, checked before anything starts: its own variables, every service's port
 * and the variables all subgraphs share. A bad value would otherwise make a service exit at each
 * start and be restarted forever; here it stops the runner with every bad variable named.
 */
export function runnerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RunnerConfig {
  const ports: EnvShape = Object.fromEntries(SERVICES.map((s) => [s.portEnv, envVar.portOr(s.port)]));
  const shape = {
    ...ports,
    ...SUBGRAPH_ENV,
    RUN_SERVICES: envVar.text(),
    SEED_LISTINGS: envVar.int(0),
    START_MODE: envVar.oneOfOr(['compiled', 'tsx'], 'compiled'),
    PROCESS_GROUPS: envVar.oneOfOr(['auto', 'off'], 'auto'),
  };
  const vars = parseEnv(shape, env);
  const byEnv = vars as Record<string, unknown>;
  return {
    ...(vars.SEED_LISTINGS === undefined ? {} : { seedListings: vars.SEED_LISTINGS }),
    ports: Object.fromEntries(SERVICES.map((s) => [s.name, byEnv[s.portEnv] as number])),
    dataDir: dataDir(env),
    startMode: vars.START_MODE,
    grouped: vars.PROCESS_GROUPS === 'auto' && SUBGRAPHS.every((name) => databaseUrlFor(name, env) === undefined),
  };
}
