import {
  InMemoryCache,
  type ApolloClient,
  type Cache,
  type DocumentNode,
  type NormalizedCacheObject,
  type OperationVariables,
  type StoreObject,
} from '@apollo/client';
import { canonicalStringify, getMainDefinition, print } from '@apollo/client/utilities';
import { valueFromASTUntyped } from 'graphql';
import { LRUCache } from 'lru-cache';
import { KIT_TYPE_POLICIES } from '@sumika/shell-kit';

export interface SentOperation {
  operationName: string | undefined;
  query: string;
}

/** Every cache here has the kit's transform, so one entry per source document serves them all. */
const SENT = new WeakMap<DocumentNode, SentOperation>();

/**
 * Each document as every cache here transforms it (__typename added), shared by all requests. Apollo
 * caches the transform per cache instance, and each request has its own cache: every request used to
 * traverse each document again and get a new object, so nothing keyed by the document (Apollo's query
 * info and print caches, the answer keys) was ever reused. A transformed document maps to itself.
 */
const TRANSFORMED = new WeakMap<DocumentNode, DocumentNode>();

/**
 * Apollo's per-document query info (QueryManager.getDocumentInfo: five traversals of the document),
 * shared by every request's client; it depends on the (shared) transformed document alone.
 */
const DOCUMENT_INFO = new WeakMap<DocumentNode, unknown>();

/**
 * Makes a request's client use the process's document info instead of building its own (Apollo keeps
 * it per QueryManager, an internal; preloaded-cache.test fails if that changes). True when shared.
 */
export function shareDocumentInfo(client: ApolloClient): boolean {
  const manager = (client as unknown as { queryManager?: { transformCache?: unknown } }).queryManager;
  if (!manager || typeof (manager.transformCache as { has?: unknown } | undefined)?.has !== 'function') return false;
  manager.transformCache = DOCUMENT_INFO;
  return true;
}

/** The per-document half of an answer key: the printed operation and its declared variable defaults. */
const KEY_PARTS = new WeakMap<DocumentNode, { text: string; defaults: [string, unknown][] }>();

interface Preloaded {
  query: DocumentNode;
  variables: OperationVariables | undefined;
  data: unknown;
  /** The answer's key (answerKey) and the gateway's body it came in, when known. */
  key: string;
  text: string | undefined;
}

/**
 * Types whose writes run a merge function (a type policy's `merge`, or a field policy's): what such a
 * write leaves depends on what the cache already holds, so an answer holding one is always written by
 * Apollo, never reused.
 */
const MERGING_TYPES = new Set(
  Object.entries(KIT_TYPE_POLICIES)
    .filter(
      ([, p]) => (p.merge !== undefined && p.merge !== false) || Object.values(p.fields ?? {}).some((f) => typeof f === 'object' && f.merge !== undefined),
    )
    .map(([type]) => type),
);

/** What writing one answer into an empty cache left, per entity (deep-frozen: shared by every request), once an answer came twice. */
interface Normalised {
  text: string;
  entities: Readonly<Record<string, StoreObject>> | null;
  /** False once the answer was found to hold a merging type. */
  reusable: boolean;
}

/**
 * Answers normalised before, by answer key: the same body for the same operation and variables (a
 * results page's public answer, the same for every visitor while the gateway's cache holds it) is
 * normalised once, not per request (Apollo's write of a results page's answers: ~3 ms of ~0.7 ms
 * with this, docs/benchmarks.md). Least recently used out past 128 answers or 8 M characters of body.
 */
const NORMALISED = new LRUCache<string, Normalised>({ max: 128, maxSize: 8 * 1024 * 1024, sizeCalculation: (e) => Math.max(1, e.text.length) });

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** True when any object in the entities is of a merging type (or the root's fields merge). */
function holdsMergingType(entities: Record<string, StoreObject>): boolean {
  if (MERGING_TYPES.size === 0) return false;
  if (MERGING_TYPES.has('Query') && 'ROOT_QUERY' in entities) return true;
  const walk = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (MERGING_TYPES.has((v as { __typename?: unknown }).__typename as string)) return true;
    return Object.values(v).some(walk);
  };
  return Object.values(entities).some(walk);
}

/**
 * The server render's cache (issue 15). A page's declared queries are fetched before the render; their
 * answers used to be written into the normalised cache and read back out of it by every `useQuery`
 * of the render (Apollo's write and diff: about a fifth of the shell's CPU on a results page). Here a
 * preloaded answer is what the render reads for that query and those variables, as the gateway gave
 * it, and it is normalised once, when the cache is extracted for the browser.
 *
 * Every other read (another document, a fragment by id, a query the page did not declare) is Apollo's
 * own, after the pending answers have been written, so the data pass sees what it always did. The
 * answers were fetched together for one render, so a query reads the same data either way.
 */
export class PreloadedAnswersCache extends InMemoryCache {
  private readonly answers = new Map<string, unknown>();
  private pending: Preloaded[] = [];
  /** Reads answered from the preloaded answers (tests check the render takes this path). */
  hits = 0;
  /** Answers merged in as normalised before (NORMALISED), not written again. */
  reused = 0;

  constructor() {
    super({ typePolicies: KIT_TYPE_POLICIES });
    // Apollo declares diff and read with internal overloads: the inherited ones are wrapped, not redeclared.
    const diff = this.diff.bind(this);
    this.diff = ((options: Cache.DiffOptions) => {
      const data = options.id === undefined && this.answers.size ? this.answers.get(answerKey(options.query, options.variables)) : undefined;
      if (data === undefined) {
        this.flush();
        return diff(options);
      }
      this.hits++;
      return { result: data, complete: true, dataState: 'complete' };
    }) as InMemoryCache['diff'];
    const read = this.read.bind(this);
    this.read = ((options: Cache.ReadOptions) => {
      this.flush();
      return read(options);
    }) as InMemoryCache['read'];
  }

  /** The cache's transform, computed once per document for the process (TRANSFORMED). */
  override transformDocument(document: DocumentNode): DocumentNode {
    let transformed = TRANSFORMED.get(document);
    if (!transformed) {
      transformed = super.transformDocument(document);
      TRANSFORMED.set(document, transformed);
      TRANSFORMED.set(transformed, transformed);
    }
    return transformed;
  }

  /**
   * The operation as Apollo sends it (this cache's transform: __typename added), its name and text;
   * the same for every request's cache, so printed once per process per document. Its definitions in
   * the order of Apollo's persisted query lists (the operation, then fragments by name: the build's
   * manifest, decision 021), so the text is the manifest's and its hash the manifest's id.
   */
  sent(query: DocumentNode): SentOperation {
    let sent = SENT.get(query);
    if (!sent) {
      const transformed = this.transformDocument(query);
      sent = { operationName: getMainDefinition(transformed).name?.value, query: print(inManifestOrder(transformed)) };
      SENT.set(query, sent);
    }
    return sent;
  }

  /**
   * An answer of the gateway, without errors, for the render to read; normalised later. `text`: the
   * body it came in, by which the same answer's normalised entities are reused (NORMALISED).
   */
  preload(query: DocumentNode, variables: OperationVariables | undefined, data: unknown, text?: string): void {
    // The render's queries carry the cache's transform (__typename added), as the answer does.
    const key = answerKey(this.transformDocument(query), variables);
    this.answers.set(key, data);
    this.pending.push({ query, variables, data, key, text });
  }

  override extract(optimistic?: boolean): NormalizedCacheObject {
    this.flush();
    return super.extract(optimistic);
  }

  /**
   * Writes the preloaded answers into the normalised cache, in the order they came. An answer seen
   * before with the same body is merged in as it was normalised then: Apollo's write of an answer
   * merges each entity it normalised into the store (EntityStore.merge), and without merge functions
   * (MERGING_TYPES) what it normalises does not depend on the store, so merging the same entities is
   * the same write.
   */
  private flush(): void {
    if (!this.pending.length) return;
    const pending = this.pending;
    this.pending = [];
    for (const p of pending)
      if (!this.reuse(p)) this.writeQuery({ query: p.query, variables: p.variables, data: p.data as Record<string, unknown>, broadcast: false });
  }

  /** Merges the answer's entities as normalised before; false when it must be written (first seen, a merging type, another body). */
  private reuse({ query, variables, data, key, text }: Preloaded): boolean {
    const store = (this as unknown as { data?: { merge?: unknown } }).data;
    if (text === undefined || typeof store?.merge !== 'function') return false;
    const merge = (store.merge as (id: string, o: StoreObject) => void).bind(store);
    const known = NORMALISED.get(key);
    if (!known || known.text !== text) {
      NORMALISED.set(key, { text, entities: null, reusable: true });
      return false;
    }
    if (!known.reusable) return false;
    if (!known.entities) {
      // The second time: normalised alone, in a cache of its own, and kept.
      const alone = new InMemoryCache({ typePolicies: KIT_TYPE_POLICIES });
      alone.writeQuery({ query, variables, data: data as Record<string, unknown>, broadcast: false });
      const entities = alone.extract() as Record<string, StoreObject>;
      if ('__META' in entities || holdsMergingType(entities)) {
        known.reusable = false;
        return false;
      }
      known.entities = deepFreeze(entities);
    }
    for (const [id, entity] of Object.entries(known.entities)) merge(id, entity);
    this.reused++;
    return true;
  }
}

/** Forgets the answers normalised so far (tests). */
export function forgetNormalised(): void {
  NORMALISED.clear();
}

/**
 * A query and its variables as Apollo's query manager gives them to the cache: the operation's
 * declared defaults filled in, undefined values left out (canonical JSON).
 */
function answerKey(query: DocumentNode, variables: OperationVariables | undefined): string {
  let parts = KEY_PARTS.get(query);
  if (!parts) {
    const defaults = (getMainDefinition(query).variableDefinitions ?? []).flatMap((d) =>
      d.defaultValue ? [[d.variable.name.value, valueFromASTUntyped(d.defaultValue)] as [string, unknown]] : [],
    );
    parts = { text: print(query), defaults };
    KEY_PARTS.set(query, parts);
  }
  const filled: Record<string, unknown> = Object.fromEntries(parts.defaults);
  for (const [name, value] of Object.entries(variables ?? {})) if (value !== undefined) filled[name] = value;
  return `${parts.text}\n${canonicalStringify(filled)}`;
}

/** `sortTopLevelDefinitions` of @apollo/persisted-query-lists (whose CommonJS build loads a second Apollo Client): operations first, then fragments, each by name. */
function inManifestOrder(document: DocumentNode): DocumentNode {
  const rank = (d: DocumentNode['definitions'][number]): string => `${d.kind === 'OperationDefinition' ? 0 : 1}${'name' in d ? (d.name?.value ?? '') : ''}`;
  return { ...document, definitions: [...document.definitions].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0)) };
}
