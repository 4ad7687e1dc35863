import { createClient, createCluster } from 'redis';
import { CONNECT_TIMEOUT_MS, reconnectDelay, redisNodes } from './redis-connection.js';

/** Where a value every instance follows lives in Redis: its latest copy, and the channel announcing a new one. */
export interface LatestValueNames {
  key: string;
  channel: string;
}

/** The supergraph in Redis: `npm run schema:publish` stores and announces it, every gateway follows it. */
export const SUPERGRAPH_REDIS: LatestValueNames = { key: 'sumika:supergraph', channel: 'sumika:supergraph:published' };

export interface ChannelLog {
  warn(obj: object, msg: string): void;
}

/** What the channel uses of a node-redis client, the same on one server and on a cluster. */
interface ChannelConnection {
  on(event: string, listener: (arg: Error) => void): unknown;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  get(key: string): Promise<string | null | object>;
  set(key: string, value: string): Promise<unknown>;
  publish(channel: string, message: string): Promise<number>;
  close(): Promise<unknown>;
  destroy(): unknown;
  readonly isOpen: boolean;
  readonly isReady: boolean;
}

type ConnectionOptions = { socket: { connectTimeout: number; reconnectStrategy: typeof reconnectDelay | false }; disableOfflineQueue?: boolean };

/**
 * One server, or a Redis Cluster when the URL names several nodes (comma-separated, as REDIS_URL): on a
 * cluster a published message reaches every node's subscribers, the key lives on its slot's node.
 * `ready` is the event of a (re)connection: a cluster reports it per node.
 */
function channelConnection(url: string, options: ConnectionOptions): { client: ChannelConnection; readyEvent: string } {
  const nodes = redisNodes(url);
  if (nodes.length > 1) {
    return {
      client: createCluster({ rootNodes: nodes.map((node) => ({ url: node })), defaults: options }) as unknown as ChannelConnection,
      readyEvent: 'node-ready',
    };
  }
  return { client: createClient({ url, ...options }) as unknown as ChannelConnection, readyEvent: 'ready' };
}

/**
 * Follows a value published to every instance through Redis (the gateway's supergraph): `onValue` runs
 * with each value announced on the channel, and with the key's latest value whenever the subscription
 * (re)connects, so an instance that was away catches up. Redis being down never stops the caller: both
 * connections retry in the background (node-redis subscribes again on reconnect), errors are logged once
 * per outage, and `close` never waits long.
 */
export function followLatest(url: string, names: LatestValueNames, onValue: (value: string) => void, log: ChannelLog): { close(): Promise<void> } {
  const socket = { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay };
  const { client: subscriber, readyEvent } = channelConnection(url, { socket });
  const { client: reader } = channelConnection(url, { socket, disableOfflineQueue: true });
  let down = false;
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, `redis unavailable; ${names.channel} is not followed until it returns`);
  };
  subscriber.on('error', onError);
  reader.on('error', onError);
  const catchUp = () => {
    down = false;
    if (!reader.isReady) return;
    reader.get(names.key).then(
      (value) => {
        if (typeof value === 'string' && value) onValue(value);
      },
      () => undefined,
    );
  };
  subscriber.on(readyEvent, catchUp);
  reader.on(readyEvent, catchUp);
  void subscriber
    .connect()
    .then(() => subscriber.subscribe(names.channel, (message) => onValue(message)))
    .catch((err: Error) => onError(err));
  // Once connected as well: a cluster reports its nodes ready before the client itself is.
  void reader
    .connect()
    .then(catchUp)
    .catch((err: Error) => onError(err));
  return {
    async close() {
      for (const client of [subscriber, reader]) {
        if (!client.isOpen) continue;
        try {
          await Promise.race([client.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('close timeout')), 1000).unref())]);
        } catch {
          client.destroy();
        }
      }
    },
  };
}

/** Publishes a value to every instance following it: stored under the key (for those that join later), then announced. */
export async function publishLatest(url: string, names: LatestValueNames, value: string): Promise<number> {
  const { client } = channelConnection(url, { socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false } });
  await client.connect();
  try {
    await client.set(names.key, value);
    return await client.publish(names.channel, value);
  } finally {
    await client.close();
  }
}
