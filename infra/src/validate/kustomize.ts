/**
 * The subset of kustomize deploy/k8s uses (decision 025), so `npm run infra:validate` renders what
 * `kustomize build` would without the binary: `resources` (files and kustomization folders),
 * `configMapGenerator` (files, `key=path`, with `disableNameSuffixHash`), and `patches` by path
 * (strategic merge by kind and name). Anything else in a kustomization is refused, not ignored.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'configMapGenerator', 'patches']);

/** Every YAML document of a file; a syntax error throws with the file's name. */
export function parseYamlFile(file: string): unknown[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const out: unknown[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    const value: unknown = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

interface Kustomization {
  resources?: string[];
  configMapGenerator?: { name: string; files?: string[]; options?: { disableNameSuffixHash?: boolean } }[];
  patches?: { path: string }[];
}

/** The objects `kustomize build <dir>` gives for the subset above (in kustomize's order within merged lists). */
export function render(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const [k] = parseYamlFile(file) as [Kustomization & Record<string, unknown>];
  const unknown = Object.keys(k).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) throw new Error(`${file}: ${unknown.join(', ')} not supported by infra/src/validate/kustomize.ts`);
  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const target = path.resolve(dir, resource);
    if (statSync(target).isDirectory()) objects.push(...render(target));
    else objects.push(...(parseYamlFile(target) as K8sObject[]));
  }
  for (const gen of k.configMapGenerator ?? []) {
    if (!gen.options?.disableNameSuffixHash)
      throw new Error(`${file}: configMapGenerator ${gen.name} needs disableNameSuffixHash (hash suffixes are not rendered here)`);
    const data: Record<string, string> = {};
    for (const spec of gen.files ?? []) {
      const [key, rel] = spec.includes('=') ? (spec.split('=', 2) as [string, string]) : [path.basename(spec), spec];
      data[key] = readFileSync(path.resolve(dir, rel), 'utf8');
    }
    objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: gen.name }, data });
  }
  for (const patch of k.patches ?? []) {
    for (const p of parseYamlFile(path.resolve(dir, patch.path)) as K8sObject[]) {
      const target = objects.find((o) => o.kind === p.kind && o.metadata.name === p.metadata.name);
      if (!target) throw new Error(`${patch.path}: no ${p.kind} ${p.metadata.name} to patch`);
      Object.assign(target, strategicMerge(target, p));
    }
  }
  return objects;
}

/** The merge key of the lists kustomize merges item by item (Kubernetes' patchMergeKey); other lists are replaced. */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  ports: 'containerPort',
  volumes: 'name',
  volumeMounts: 'mountPath',
};

type Json = unknown;

/** A strategic-merge patch of `patch` onto `base` (maps merge, keyed lists merge by item, `null` deletes). */
export function strategicMerge(base: Json, patch: Json, key?: string): Json {
  if (Array.isArray(base) && Array.isArray(patch) && key && MERGE_KEYS[key]) {
    const mk = MERGE_KEYS[key];
    const original = base as Record<string, unknown>[];
    const patched = (patch as Record<string, unknown>[]).map((item) => {
      const old = original.find((o) => o[mk] === item[mk]);
      return old ? (strategicMerge(old, item) as Record<string, unknown>) : item;
    });
    // As kustomize orders them: the patch's items first, then the original's it did not name.
    return [...patched, ...original.filter((o) => !patched.some((p) => p[mk] === o[mk]))];
  }
  if (isMap(base) && isMap(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = k in base ? strategicMerge(base[k], v, k) : v;
    }
    return out;
  }
  return patch;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `kubectl kustomize` (kustomize built into kubectl) over the same folder, when kubectl is installed:
 * the objects it renders that `render` renders differently, or `undefined` without kubectl.
 */
export function differencesFromKustomize(dir: string, ours: readonly K8sObject[]): string[] | undefined {
  const run = spawnSync('kubectl', ['kustomize', '--load-restrictor', 'LoadRestrictionsNone', dir], { encoding: 'utf8', timeout: 60_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  if (run.status !== 0) return [`kubectl kustomize failed: ${(run.stderr || String(run.error)).trim()}`];
  const theirs = parseAllDocuments(run.stdout).map((d) => d.toJS() as K8sObject);
  const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
  const problems: string[] = [];
  for (const t of theirs) {
    const o = ours.find((x) => key(x) === key(t));
    if (!o) problems.push(`${key(t)}: rendered by kustomize, not by infra/src/validate/kustomize.ts`);
    else if (!isDeepStrictEqual(JSON.parse(JSON.stringify(o)), t)) problems.push(`${key(t)}: kustomize renders it differently`);
  }
  for (const o of ours) if (!theirs.some((t) => key(t) === key(o))) problems.push(`${key(o)}: not rendered by kustomize`);
  return problems;
}
