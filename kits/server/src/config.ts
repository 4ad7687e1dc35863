import { z } from 'zod';

/**
 * The one way a service reads its environment (issue 14): a zod shape per service, parsed once at
 * start by `parseEnv`; a bad value stops the start with every bad variable named.
 */
export class EnvError extends Error {
  override name = 'EnvError';

  constructor(readonly problems: readonly string[]) {
    super(`bad environment\n  ${problems.join('\n  ')}`);
  }
}

/** A shape of environment variables: name → schema of its (string or missing) value. */
export type EnvShape = Record<string, z.ZodType>;
export type EnvOf<S extends EnvShape> = z.infer<z.ZodObject<S>>;

// An empty variable counts as unset, as in a compose file's `NAME=`.
const unsetIfEmpty = (v: unknown): unknown => (v === '' ? undefined : v);

function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(unsetIfEmpty, schema.optional());
}
function variableOr<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z.preprocess(unsetIfEmpty, schema.default(fallback as never));
}

const int = (min: number, what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .min(min, `must be ${what}`);
const PORT = 'a port number (0-65535)';
const port = () => int(0, PORT).max(65535, `must be ${PORT}`);
const whole = (min: number) => int(min, min === 0 ? 'a whole number >= 0' : `a whole number >= ${min}`);
const millis = (min: number) => int(min, `a whole number of milliseconds >= ${min}`);
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const anyUrl = () => z.url({ error: 'must be a URL' });
// One URL, or several separated by commas (a cluster's nodes); kept as written, each part checked.
const httpUrlList = () =>
  z
    .string()
    .refine((v) => v.split(',').every((part) => httpUrl().safeParse(part.trim()).success), { error: 'must be an http(s) URL or URLs separated by commas' });
const urlList = () =>
  z.string().refine((v) => v.split(',').every((part) => anyUrl().safeParse(part.trim()).success), { error: 'must be a URL or URLs separated by commas' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });
const flag = () => z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** pino's levels, for LOG_LEVEL. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Where a service's Prometheus /metrics listener binds when it has one apart from its public port
 * (the gateway's and the shell's; a subgraph serves /metrics on its own internal port). Here, not in
 * env.ts, so the shell's configuration reads it through this light entry (`@sumika/server-kit/config`).
 */
export const METRICS_DEFAULT_PORTS = { gateway: 9400, shell: 9401 } as const;

/**
 * Variable kinds: each takes the documented default (the value when unset or empty), or none
 * for an optional variable.
 */
export const envVar = {
  text: () => variable(z.string()),
  textOr: (fallback: string) => variableOr(z.string(), fallback),
  port: () => variable(port()),
  portOr: (fallback: number) => variableOr(port(), fallback),
  /** A whole number at least `min`. */
  int: (min: number) => variable(whole(min)),
  intOr: (min: number, fallback: number) => variableOr(whole(min), fallback),
  /** A duration in whole milliseconds, at least `min`. */
  millis: (min: number) => variable(millis(min)),
  millisOr: (min: number, fallback: number) => variableOr(millis(min), fallback),
  /** Any number from `min` to `max`. */
  number: (min: number, max: number) => {
    const what = `must be a number from ${min} to ${max}`;
    return variable(z.coerce.number({ error: what }).min(min, what).max(max, what));
  },
  httpUrl: () => variable(httpUrl()),
  httpUrlOr: (fallback: string) => variableOr(httpUrl(), fallback),
  /** One http(s) URL or several separated by commas (e.g. a service's instances). */
  httpUrls: () => variable(httpUrlList()),
  /** Any URL (postgres://, redis://, smtp://, …). */
  url: () => variable(anyUrl()),
  /** One URL or several separated by commas (e.g. a Redis Cluster's nodes). */
  urls: () => variable(urlList()),
  flag: () => variable(flag()),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => variable(oneOf(values)),
  oneOfOr: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => variableOr(oneOf(values), fallback),
};

/**
 * The environment checked against `shape`: typed values with the defaults applied, or an
 * `EnvError` naming every bad variable, its value and what it must be.
 */
export function parseEnv<S extends EnvShape>(shape: S, env: NodeJS.ProcessEnv = process.env): EnvOf<S> {
  const result = z.object(shape).safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new EnvError(problems);
}

/**
 * A service's main reads its config through this: a bad environment is printed as its message
 * alone (no stack trace) and the process exits 1.
 */
export function configOrExit<T>(read: () => T, name: string): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`[${name}] ${err.message}`);
    process.exit(1);
  }
}

/** METRICS_PORT (0 turns the listener off) and METRICS_HOST (loopback unless a pod's scraper needs it). */
export function metricsEnv(service: keyof typeof METRICS_DEFAULT_PORTS) {
  return {
    METRICS_PORT: envVar.portOr(METRICS_DEFAULT_PORTS[service]),
    METRICS_HOST: envVar.textOr('127.0.0.1'),
  } satisfies EnvShape;
}
