import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';

/** A persisted-query hash is a SHA-256 in hex; anything else can never be found. */
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** A persisted-query hash that is not a SHA-256 can never be found or registered: 400, not a miss. */
export async function refuseMalformedPersistedQuery(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  let extensions: unknown = (req.body as { extensions?: unknown } | undefined)?.extensions ?? (req.query as { extensions?: unknown } | undefined)?.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions) as unknown;
    } catch {
      return; // Apollo answers malformed JSON itself
    }
  }
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery?.sha256Hash;
  if (hash !== undefined && (typeof hash !== 'string' || !SHA256_HEX.test(hash))) {
    await reply
      .code(400)
      .send({ errors: [{ message: DEFAULT_MESSAGES.BAD_REQUEST, extensions: { code: 'BAD_REQUEST', reason: 'PERSISTED_QUERY_HASH_MALFORMED' } }] });
  }
}
