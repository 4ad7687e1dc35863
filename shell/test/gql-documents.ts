/**
 * The gql`…` documents of the shell, the kit and the four remotes (found as operations.test.ts finds
 * them), what each must be (graphql's parse(text, { noLocation: true }) with the interpolated
 * fragment documents appended, each fragment once), and the modules gql-loader.cjs emits for them,
 * evaluated: for gql-loader.test.ts and gql-print.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, type DefinitionNode, type DocumentNode } from 'graphql';
import ts from 'typescript';

const require = createRequire(import.meta.url);

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const loader = require('../build/gql-loader.cjs') as (this: LoaderThis, source: string) => string;

export interface LoaderThis {
  resourcePath: string;
}

export const WORKSPACES = ['shell/src', 'shell/kit/src', 'mf-search/src', 'mf-detail/src', 'mf-user/src', 'mf-forms/src'];

/** The sources with documents (tests aside), as operations.test.ts lists them. */
export const documentFiles: string[] = WORKSPACES.flatMap((dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => /gql`\s*(query|mutation|fragment|\{)/.test(readFileSync(f, 'utf8'))),
);

/** `const NAME… = gql\`…\`` (exported or not): every document of these sources is declared so. */
const DECLARATION = /\bconst (\w+)\b[^=\n]*= gql`([^`]*)`/g;

interface Template {
  file: string;
  name: string;
  text: string;
  parts: string[];
}

function templatesOf(file: string): Template[] {
  const source = readFileSync(file, 'utf8');
  const found = [...source.matchAll(DECLARATION)].map(([, name, body]) => {
    const parts: string[] = [];
    const text = body!.replace(/\$\{([^}]*)\}/g, (_m, expr: string) => {
      if (!/^\s*\w+\s*$/.test(expr)) throw new Error(`${file}: interpolation \${${expr}} is not a document's name`);
      parts.push(expr.trim());
      return '';
    });
    return { file, name: name!, text, parts };
  });
  const tags = source.match(/\bgql`/g)?.length ?? 0;
  if (found.length !== tags) throw new Error(`${file}: ${tags} gql\`…\` tags but ${found.length} \`const X = gql\` declarations`);
  return found;
}

export const templates: Template[] = documentFiles.flatMap(templatesOf);

/** Without `loc`, as the loader emits documents. */
export function stripLocations<T>(node: T): T {
  if (Array.isArray(node)) return node.map(stripLocations) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== 'loc')
      .map(([k, v]) => [k, stripLocations(v)]),
  ) as T;
}

/** A document followed by the interpolated ones' definitions, each fragment once (graphql-tag's rule). */
export function joined(doc: DocumentNode, parts: DocumentNode[]): DocumentNode {
  const seen = new Set<string>();
  const definitions: DefinitionNode[] = [];
  for (const def of [doc, ...parts].flatMap((d) => d.definitions)) {
    if (def.kind === 'FragmentDefinition') {
      if (seen.has(def.name.value)) continue;
      seen.add(def.name.value);
    }
    definitions.push(def);
  }
  return { kind: Kind.DOCUMENT, definitions };
}

const byName = new Map<string, Template[]>();
for (const t of templates) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);

const expectedCache = new Map<Template, DocumentNode>();
/** What a template's document must be: its text parsed, with the interpolated documents appended. */
export function expected(t: Template): DocumentNode {
  let doc = expectedCache.get(t);
  if (!doc) {
    const own = stripLocations(parse(t.text, { noLocation: true }));
    const parts = t.parts.map((name) => {
      // the same file's document, else the one document of that name in the repo
      const local = templates.find((o) => o.file === t.file && o.name === name);
      const found = local ? [local] : (byName.get(name) ?? []);
      if (found.length !== 1) throw new Error(`${t.file}: \${${name}} names ${found.length} documents`);
      return expected(found[0]!);
    });
    doc = parts.length > 0 ? joined(own, parts) : own;
    expectedCache.set(t, doc);
  }
  return doc;
}

/** Stands in for every import a document module makes besides documents: callable, any member. */
const stub: unknown = new Proxy(() => stub, { get: (_t, key) => (key === '__esModule' ? false : key === Symbol.toPrimitive ? () => '' : stub) });

/**
 * The module gql-loader emits for a source, evaluated (TypeScript transpiled to CommonJS): imports of
 * other document modules (relative, or the kit's by name through @sumika/shell-kit) resolve to their
 * emitted modules, anything else to a stub.
 */
export function evaluate(file: string, source: string, load: (file: string) => Record<string, unknown>): Record<string, unknown> {
  const out = loader.call({ resourcePath: file }, source);
  const js = ts.transpileModule(out, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true, isolatedModules: true },
  }).outputText;
  const requireIn = (spec: string): unknown => {
    if (spec.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '');
      const doc = documentFiles.find((f) => f.replace(/\.tsx?$/, '') === target);
      if (doc) return load(doc);
      // A feature's public entry (index.ts) re-exports documents from its files: follow those.
      const reexported = reexportedDocumentFiles(`${target}.ts`);
      return reexported.length
        ? new Proxy({}, { get: (_t, key) => reexported.map(load).find((m) => typeof key === 'string' && key in m)?.[key as string] ?? stub })
        : stub;
    }
    if (spec === '@sumika/shell-kit') {
      const kit = documentFiles.filter((f) => f.includes('/shell/kit/src/'));
      return new Proxy({}, { get: (_t, key) => kit.map(load).find((m) => typeof key === 'string' && key in m)?.[key as string] ?? stub });
    }
    return stub;
  };
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'require', 'module', js)(module.exports, requireIn, module);
  return module.exports;
}

/** The document files an entry module re-exports from (`export … from './x.js'`), if it exists. */
function reexportedDocumentFiles(entry: string): string[] {
  let source: string;
  try {
    source = readFileSync(entry, 'utf8');
  } catch {
    return [];
  }
  return [...source.matchAll(/export\s[^;]*?from\s+'(\.[^']+)'/g)]
    .map(([, spec]) => path.resolve(path.dirname(entry), spec!).replace(/\.js$/, ''))
    .flatMap((target) => documentFiles.filter((f) => f.replace(/\.tsx?$/, '') === target));
}

/** Every document file's emitted module, evaluated, with `__documents__` listing all its documents by name. */
export function emittedModules(): (file: string) => Record<string, unknown> {
  const cache = new Map<string, Record<string, unknown>>();
  const load = (file: string): Record<string, unknown> => {
    let mod = cache.get(file);
    if (!mod) {
      const names = templates.filter((t) => t.file === file).map((t) => t.name);
      // Non-exported documents too: a function at the end returns them all.
      const source = `${readFileSync(file, 'utf8')}\nexport const __documents__ = () => ({ ${names.join(', ')} });\n`;
      mod = evaluate(file, source, load);
      cache.set(file, mod);
    }
    return mod;
  };
  return load;
}
