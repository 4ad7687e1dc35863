import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen, timeout, TimeoutStrategy, wrap, type IPolicy } from 'cockatiel';
import { pino } from 'pino';
import { createClient, createCluster, ErrorReply } from 'redis';
import { parseEnv } from '../config.js';
import { REDIS_ENV } from '../env.js';
import { loggerOptions } from '../logging.js';

/** The pino-compatible subset the Redis connection logs through. */
export interface RedisLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RedisResilience {
  /** Longest wait for one command in ms (`REDIS_TIMEOUT_MS`, default 200). */
  timeoutMs?: number;
  /** Consecutive failures (errors or timeouts) that open the breaker (default 3). */
  breakAfter?: number;
  /** How long the breaker stays open before one trial command, in ms (default 1000). */
  halfOpenAfterMs?: number;
  /** The service using Redis, named in every log line. */
  name?: string;
  log?: RedisLogger;
  env?: NodeJS.ProcessEnv;
}

/** `REDIS_TIMEOUT_MS` (env.ts `REDIS_ENV`); a bad value throws, as it stops the service at start. */
export function redisTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return parseEnv({ REDIS_TIMEOUT_MS: REDIS_ENV.REDIS_TIMEOUT_MS }, env).REDIS_TIMEOUT_MS;
}

/** Reconnect delay: 100 ms doubling to 2 s, with jitter so restarted fleets do not reconnect in step. */
export function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** Math.min(retries, 5), 2000) + Math.floor(Math.random() * 100);
}

/** How long a (re)connection may take before it counts as failed. */
export const CONNECT_TIMEOUT_MS = 2000;

/** Every connection's options, to one server or to each node of a cluster. */
function connectionOptions() {
  return {
    // Fail at once while disconnected instead of queueing until Redis returns.
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
    // No timeout of node-redis's own (its default is 5 s): it armed an AbortSignal.timeout per command,
    // each firing later with a DOMException (~4% of a cache-heavy service's CPU). The policy below
    // bounds each call's wait, written or not, and its breaker stops sending while Redis is silent.
    commandOptions: { timeout: 0 },
  };
}

/** The URLs of `REDIS_URL`: one server, or several (comma-separated) nodes of a Redis Cluster. */
export function redisNodes(url: string): string[] {
  return url
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

function newClient(url: string) {
  return createClient({ url, ...connectionOptions() });
}

/**
 * A Redis Cluster from any of its nodes (the client learns the others and the slots, and follows
 * MOVED/ASK redirections); every node's connection has the single server's options.
 */
function newCluster(urls: string[]) {
  const { commandOptions, ...defaults } = connectionOptions();
  return createCluster({ rootNodes: urls.map((url) => ({ url })), defaults, commandOptions });
}

export type RedisSingleClient = ReturnType<typeof newClient>;
export type RedisClusterClient = ReturnType<typeof newCluster>;
export type RedisClient = RedisSingleClient | RedisClusterClient;

/** The service's own log format, made on the first line: a healthy Redis logs nothing. */
function lazyLogger(env: NodeJS.ProcessEnv | undefined): RedisLogger {
  let log: RedisLogger | undefined;
  const get = () => (log ??= pino(loggerOptions(env)));
  return { info: (o, m) => get().info(o, m), warn: (o, m) => get().warn(o, m) };
}

/**
 * One node-redis client made safe to depend on: it connects in the background and reconnects
 * by itself, every command runs under a timeout, and a breaker stops calling Redis after
 * consecutive failures until a trial command succeeds. `run` rejects fast while Redis is down or
 * slow; callers choose their fallback (a cache miss, an in-process counter).
 */
export class RedisConnection {
  readonly client: RedisClient;
  /** True when REDIS_URL named several nodes: the keys of one multi-key command must share a slot. */
  readonly cluster: boolean;
  readonly timeoutMs: number;
  private readonly policy: IPolicy;
  private readonly breaker;
  private readonly log: RedisLogger;
  private readonly ctx: { service: string | undefined; dependency: 'redis' };
  private outage = false;
  private prober: NodeJS.Timeout | undefined;

  private constructor(url: string, opts: RedisResilience) {
    this.timeoutMs = opts.timeoutMs ?? redisTimeoutMs(opts.env);
    this.log = opts.log ?? lazyLogger(opts.env);
    this.ctx = { service: opts.name, dependency: 'redis' };
    const nodes = redisNodes(url);
    this.cluster = nodes.length > 1;
    this.client = this.cluster ? newCluster(nodes) : newClient(url);
    // An error reply means Redis answered; only silence, refusals and timeouts count against it.
    const halfOpenAfter = opts.halfOpenAfterMs ?? 1000;
    this.breaker = circuitBreaker(
      handleWhen((err) => !(err instanceof ErrorReply)),
      {
        halfOpenAfter,
        breaker: new ConsecutiveBreaker(opts.breakAfter ?? 3),
      },
    );
    // The calls never read the policy's abort signal: aborting it on every return (cockatiel's default)
    // only built a DOMException per command (~3% of a cache-heavy service's CPU).
    this.policy = wrap(this.breaker, timeout(this.timeoutMs, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false }));
    this.breaker.onBreak(() => {
      this.down('breaker open: Redis bypassed');
      // The breaker closes only after a successful trial: make one per period even without traffic.
      this.prober ??= setInterval(() => {
        if (this.client.isReady) this.run((c) => c.ping()).catch(() => undefined);
      }, halfOpenAfter).unref();
    });
    this.breaker.onReset(() => {
      clearInterval(this.prober);
      this.prober = undefined;
      this.up();
    });
    this.client.on('error', (err: Error) => this.down('connection lost', err));
    this.client.on('ready', () => this.up());
  }

  /**
   * Starts connecting and waits until Redis is ready, refuses, or the connect timeout passes:
   * a Redis that is down at boot leaves the service starting degraded, never failing or hanging.
   */
  static async open(url: string, opts: RedisResilience = {}): Promise<RedisConnection> {
    const conn = new RedisConnection(url, opts);
    const { client } = conn;
    let timer: NodeJS.Timeout | undefined;
    let onError: (() => void) | undefined;
    await Promise.race([
      // Rejects only when closed before it connected.
      client.connect().catch(() => undefined),
      new Promise<void>((resolve) => {
        onError = resolve;
        client.once('error', onError);
        timer = setTimeout(resolve, CONNECT_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (onError) client.off('error', onError);
    if (!client.isReady) conn.down('not reachable at start: starting degraded');
    return conn;
  }

  /** Runs one Redis call under the timeout and the breaker; rejects fast while Redis is unavailable. */
  run<T>(fn: (client: RedisClient) => Promise<T>): Promise<T> {
    return this.policy.execute(() => fn(this.client));
  }

  /** True while commands go to Redis (connected and the breaker closed). */
  available(): boolean {
    return this.client.isReady && this.breaker.state === CircuitState.Closed;
  }

  /** True while the socket is up (the breaker may still be open). */
  connected(): boolean {
    return this.client.isReady;
  }

  async close(): Promise<void> {
    clearInterval(this.prober);
    if (!this.client.isOpen) return;
    if (this.client.isReady) {
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        this.client.close().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), this.timeoutMs * 2))),
      ]);
      clearTimeout(timer);
      if (closed) return;
    }
    this.client.destroy();
  }

  private down(why: string, err?: Error): void {
    if (this.outage) return;
    this.outage = true;
    this.log.warn({ ...this.ctx, err: err?.message }, `redis unavailable (${why}); caches bypassed, counters per process`);
  }

  private up(): void {
    if (!this.outage || !this.available()) return;
    this.outage = false;
    this.log.info(this.ctx, 'redis available again');
  }
}
