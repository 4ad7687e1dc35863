import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { Supergraph } from '@apollo/federation-internals';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { repoRoot, SUBGRAPHS, type SubgraphName } from '@sumika/server-kit';
import { schemaFile, SUBGRAPH_PORTS, SUPERGRAPH_FILE } from '../compose/compose.js';

/** One operation the frontends send, as the build's persisted-documents manifest lists it. */
export interface FrontendOperation {
  name: string;
  body: string;
}

export interface SchemaCheckInput {
  subgraph: SubgraphName;
  /** The candidate schema.graphql of `subgraph` (its working tree, or a test's text). */
  schema: string;
  /** The other subgraphs' schemas as committed. */
  others: Partial<Record<SubgraphName, string>>;
  /** The committed (or `--base`) supergraph SDL: the baseline the API schema is diffed against. */
  baseSupergraph: string;
  operations: FrontendOperation[];
}

export interface OperationFailure {
  name: string;
  errors: string[];
}

export interface SchemaCheckResult {
  subgraph: SubgraphName;
  ok: boolean;
  compositionErrors: string[];
  breaking: Change[];
  dangerous: Change[];
  safe: Change[];
  /** Operations valid against the base API schema and invalid against the new one. */
  brokenOperations: OperationFailure[];
  /** Operations invalid against the base API schema already: not this change's doing. */
  alreadyInvalid: OperationFailure[];
}

const MANIFEST = 'gateway/__generated__/persisted-documents.json';
// repo-relative (git show takes those), from compose.ts's own paths
const SUPERGRAPH = path.relative(repoRoot(), SUPERGRAPH_FILE());
const schemaPath = (name: SubgraphName): string => path.relative(repoRoot(), schemaFile(name));

const commits = new Map<string, boolean>();

/** Whether git is there and `ref` names a commit to read files from. */
function hasCommit(ref: string): boolean {
  let known = commits.get(ref);
  if (known === undefined) {
    try {
      execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: repoRoot(), stdio: 'pipe' });
      known = true;
    } catch {
      known = false;
    }
    commits.set(ref, known);
  }
  return known;
}

/**
 * A file (repo-relative path) as committed at `base` (default HEAD); without git or a HEAD, the file
 * on disk. Undefined when the file is not there.
 */
export function committedFile(relPath: string, base = 'HEAD'): string | undefined {
  if (hasCommit(base)) {
    try {
      return execFileSync('git', ['show', `${base}:${relPath}`], { cwd: repoRoot(), stdio: 'pipe', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch {
      return undefined; // not in the commit (a new file)
    }
  }
  if (base !== 'HEAD') throw new Error(`schema:check: no commit ${base} to compare with`);
  const file = path.join(repoRoot(), relPath);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Every subgraph's schema.graphql as committed (or on disk without git), when it has one. */
export function committedSchemas(base = 'HEAD'): Partial<Record<SubgraphName, string>> {
  const out: Partial<Record<SubgraphName, string>> = {};
  for (const name of SUBGRAPHS) {
    const sdl = committedFile(schemaPath(name), base);
    if (sdl !== undefined) out[name] = sdl;
  }
  return out;
}

/**
 * Whether the committed supergraph is the composition of the committed schemas. When it is not (a
 * supergraph composed from uncommitted schemas was committed), every check's diff also shows that gap.
 */
export function committedSupergraphIsCurrent(base = 'HEAD'): boolean {
  const composed = compose(committedSchemas(base));
  return 'supergraphSdl' in composed && composed.supergraphSdl === committedFile(SUPERGRAPH, base);
}

export function readOperations(file: string = path.join(repoRoot(), MANIFEST)): FrontendOperation[] {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { operations: FrontendOperation[] };
  return manifest.operations.map(({ name, body }) => ({ name, body }));
}

/**
 * The inputs of a check of `subgraph` from the repository: its working-tree schema (or `schema`
 * when given), the other subgraphs' and the supergraph as committed at `base`, the manifest's operations.
 */
export function loadInput(subgraph: SubgraphName, schema?: string, base = 'HEAD'): SchemaCheckInput {
  const file = schemaFile(subgraph);
  if (schema === undefined && !existsSync(file)) throw new Error(`${schemaPath(subgraph)} does not exist`);
  const baseSupergraph = committedFile(SUPERGRAPH, base);
  if (baseSupergraph === undefined) throw new Error(`${SUPERGRAPH} is neither committed at ${base} nor on disk`);
  const { [subgraph]: _own, ...others } = committedSchemas(base);
  return { subgraph, schema: schema ?? readFileSync(file, 'utf8'), others, baseSupergraph, operations: readOperations() };
}

// One run composes and builds the same schemas several times (in CI every subgraph's working tree is
// its committed schema, so all five checks compose the same graph): each is done once per text.
const apiSchemas = new Map<string, GraphQLSchema>();
const compositions = new Map<string, Composition>();

/** The API schema clients see (no join__/link__ machinery, inaccessible elements removed). */
export function apiSchemaOf(supergraphSdl: string): GraphQLSchema {
  let schema = apiSchemas.get(supergraphSdl);
  if (!schema) {
    schema = Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
    apiSchemas.set(supergraphSdl, schema);
  }
  return schema;
}

function failures(schema: GraphQLSchema, operations: FrontendOperation[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const op of operations) {
    const errors = validate(schema, parse(op.body));
    if (errors.length)
      out.set(
        op.name,
        errors.map((e) => e.message),
      );
  }
  return out;
}

/** The supergraph with the candidate schema: the same services, order and URLs as `npm run compose`. */
export function composeCandidate(input: Pick<SchemaCheckInput, 'subgraph' | 'schema' | 'others'>): Composition {
  return compose({ ...input.others, [input.subgraph]: input.schema });
}

type Composition = { supergraphSdl: string } | { errors: string[] };

function compose(sources: Partial<Record<SubgraphName, string>>): Composition {
  const key = JSON.stringify(SUBGRAPHS.map((name) => sources[name] ?? null));
  let composition = compositions.get(key);
  if (!composition) {
    composition = composeUncached(sources);
    compositions.set(key, composition);
  }
  return composition;
}

function composeUncached(sources: Partial<Record<SubgraphName, string>>): Composition {
  const services = [];
  const errors: string[] = [];
  for (const name of SUBGRAPHS) {
    const sdl = sources[name];
    if (sdl === undefined) continue;
    try {
      services.push({ name, url: `http://127.0.0.1:${SUBGRAPH_PORTS[name]}/graphql`, typeDefs: parse(sdl) });
    } catch (e) {
      errors.push(`${name}: ${(e as Error).message}`);
    }
  }
  if (errors.length) return { errors };
  const composed = composeServices(services);
  return composed.errors ? { errors: composed.errors.map((e) => e.message) } : { supergraphSdl: composed.supergraphSdl };
}

/**
 * Composes the supergraph with the candidate schema, diffs its API schema against the committed
 * one (@graphql-inspector) and validates every frontend operation against it. Fails on a
 * composition error, a breaking change, or an operation the change makes invalid.
 */
export async function checkSubgraphSchema(input: SchemaCheckInput): Promise<SchemaCheckResult> {
  const result: SchemaCheckResult = {
    subgraph: input.subgraph,
    ok: false,
    compositionErrors: [],
    breaking: [],
    dangerous: [],
    safe: [],
    brokenOperations: [],
    alreadyInvalid: [],
  };
  const composed = composeCandidate(input);
  if ('errors' in composed) {
    result.compositionErrors = composed.errors;
    return result;
  }

  const before = apiSchemaOf(input.baseSupergraph);
  const after = apiSchemaOf(composed.supergraphSdl);
  for (const change of await diff(before, after)) {
    const level = change.criticality.level;
    (level === CriticalityLevel.Breaking ? result.breaking : level === CriticalityLevel.Dangerous ? result.dangerous : result.safe).push(change);
  }

  const old = failures(before, input.operations);
  for (const [name, errors] of failures(after, input.operations)) {
    (old.has(name) ? result.alreadyInvalid : result.brokenOperations).push({ name, errors });
  }
  result.ok = result.breaking.length === 0 && result.brokenOperations.length === 0;
  return result;
}

/** A short report for a terminal or a CI log. */
export function formatReport(r: SchemaCheckResult): string {
  const lines = [`schema:check ${r.subgraph}: ${r.ok ? 'ok' : 'FAILED'}`];
  if (r.compositionErrors.length) {
    lines.push(`  composition failed (${r.compositionErrors.length}):`, ...r.compositionErrors.map((m) => `    - ${m}`));
    return lines.join('\n');
  }
  const section = (title: string, changes: Change[]): void => {
    if (changes.length) lines.push(`  ${title} (${changes.length}):`, ...changes.map((c) => `    - ${c.message}`));
  };
  section('breaking', r.breaking);
  section('dangerous (reported, not failed)', r.dangerous);
  // descriptions are documentation: counted, not listed, so the report stays short
  const described = r.safe.filter((c) => String(c.type).includes('DESCRIPTION'));
  section(
    'safe',
    r.safe.filter((c) => !described.includes(c)),
  );
  if (described.length) lines.push(`  descriptions added or changed: ${described.length}`);
  if (!r.breaking.length && !r.dangerous.length && !r.safe.length) lines.push('  no change to the API schema');
  const ops = (title: string, list: OperationFailure[]): void => {
    if (list.length) lines.push(`  ${title} (${list.length}):`, ...list.map((o) => `    - ${o.name}: ${o.errors.join(' / ')}`));
  };
  ops('frontend operations this change breaks', r.brokenOperations);
  ops('frontend operations invalid against the base supergraph already (not failed here)', r.alreadyInvalid);
  return lines.join('\n');
}
