import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';

// Persisted documents (issue 15, decision 021): the build's manifest of every operation the site can
// send (codegen.persisted-documents.ts, Apollo's generate-persisted-query-manifest), read once at start.
// In `persisted` mode /graphql runs only these, by hash or by their exact text; in `any` mode they are
// the first place a hash is looked up, so a known operation never needs its APQ registration.

/** Apollo's persisted query manifest format (version 1), as the generator writes it. */
interface ManifestFile {
  format: 'apollo-persisted-query-manifest';
  version: 1;
  operations: { id: string; name: string; type: 'query' | 'mutation' | 'subscription'; body: string }[];
}

/** The manifest's operations by id (the SHA-256 in hex of the text Apollo Client sends). */
export type PersistedDocuments = ReadonlyMap<string, string>;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The manifest's documents; throws (the gateway does not start) when the file is missing or not a
 * version 1 manifest, or when an id is not the SHA-256 of its text (hash and text must name one document).
 */
export function loadPersistedDocuments(file: string): PersistedDocuments {
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
  } catch (err) {
    throw new Error(`persisted documents: cannot read ${file} (npm run codegen writes it): ${(err as Error).message}`);
  }
  if (manifest?.format !== 'apollo-persisted-query-manifest' || manifest.version !== 1 || !Array.isArray(manifest.operations)) {
    throw new Error(`persisted documents: ${file} is not an apollo-persisted-query-manifest version 1`);
  }
  const documents = new Map<string, string>();
  for (const { id, name, body } of manifest.operations) {
    if (typeof body !== 'string' || sha256Hex(body) !== id) throw new Error(`persisted documents: ${file}: the id of ${name} is not the SHA-256 of its text`);
    documents.set(id, body);
  }
  return documents;
}

/** Apollo Server prefixes its APQ cache keys with this (PrefixingKeyValueCache over `persistedQueries.cache`). */
const APQ_KEY_PREFIX = 'apq:';

/**
 * Apollo's APQ cache with the manifest in front: a manifest hash is answered from memory; any other
 * goes to `registered` (the `any` mode's Redis APQ cache), or is never found when there is none.
 */
export class PersistedDocumentsCache implements KeyValueCache<string> {
  constructor(
    private readonly documents: PersistedDocuments,
    private readonly registered?: KeyValueCache<string>,
  ) {}

  private known(key: string): string | undefined {
    return key.startsWith(APQ_KEY_PREFIX) ? this.documents.get(key.slice(APQ_KEY_PREFIX.length)) : undefined;
  }

  async get(key: string): Promise<string | undefined> {
    return this.known(key) ?? (await this.registered?.get(key));
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    // a manifest document is never written to Redis; in `persisted` mode nothing is
    if (this.known(key) === undefined) await this.registered?.set(key, value, options);
  }

  async delete(key: string): Promise<boolean> {
    return (await this.registered?.delete(key)) ?? false;
  }
}

/** The document a /graphql request names: its text (`query`) and its APQ hash, from the body (POST) or the URL (GET). */
function requestedDocument(req: FastifyRequest): { query: unknown; hash: unknown } {
  const params = (req.method === 'GET' ? req.query : req.body) as { query?: unknown; extensions?: unknown } | undefined;
  let extensions = params?.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions) as unknown;
    } catch {
      extensions = undefined; // Apollo answers malformed JSON itself
    }
  }
  return { query: params?.query, hash: (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery?.sha256Hash };
}

/**
 * `persisted` mode's gate, before Apollo parses anything: a request runs only if its text's SHA-256, or
 * the hash it sends without text, is the manifest's; anything else is a 400 BAD_REQUEST with
 * `reason: 'PERSISTED_QUERY_NOT_ALLOWED'`. A request with neither is left to Apollo's own 400. The REST
 * paths run their fixed documents through `executeOperation`, not this route, so they are not gated.
 */
export function refuseUnknownDocument(documents: PersistedDocuments) {
  return async function refuseUnknownDocument(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { query, hash } = requestedDocument(req);
    const id = typeof query === 'string' ? sha256Hex(query) : typeof hash === 'string' ? hash : undefined;
    if (id === undefined || documents.has(id)) return;
    await reply
      .code(400)
      .send({ errors: [{ message: DEFAULT_MESSAGES.BAD_REQUEST, extensions: { code: 'BAD_REQUEST', reason: 'PERSISTED_QUERY_NOT_ALLOWED' } }] });
  };
}
