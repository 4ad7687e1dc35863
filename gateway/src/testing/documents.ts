import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse, type DefinitionNode, type DocumentNode } from 'graphql';
import { repoRoot } from '@sumika/server-kit';
import { REST_OPERATIONS } from '../rest/operations.js';

/** Where the site's pages keep their operations (as shell/test/operations.test.ts finds them). */
const WORKSPACES = ['shell/src', 'shell/kit/src', 'mf-search/src', 'mf-detail/src', 'mf-user/src', 'mf-forms/src'];
const DECLARATION = /\bconst (\w+)\b[^=\n]*= gql`([^`]*)`/g;

interface Template {
  file: string;
  name: string;
  text: string;
  parts: string[];
}

export interface PageOperation {
  /** `file#NAME` or `REST GET path`. */
  id: string;
  document: DocumentNode;
}

function templates(): Template[] {
  const root = repoRoot();
  const files = WORKSPACES.flatMap((dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name)),
  );
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(DECLARATION)].map(([, name, body]) => {
      const parts: string[] = [];
      const text = body!.replace(/\$\{\s*(\w+)\s*\}/g, (_m, expr: string) => {
        parts.push(expr);
        return '';
      });
      return { file: path.relative(root, file), name: name!, text, parts };
    }),
  );
}

/**
 * Every operation the shell and the remotes send (their gql documents, interpolated fragments
 * appended once each), every REST path's fixed operation, and the user subgraph's own calls.
 */
export function pageOperations(): PageOperation[] {
  const all = templates();
  const resolve = (t: Template, seen: Set<string>): DefinitionNode[] => {
    const own = parse(t.text).definitions;
    const more = t.parts.flatMap((name) => {
      if (seen.has(name)) return [];
      seen.add(name);
      const local = all.filter((o) => o.file === t.file && o.name === name);
      const found = local.length ? local : all.filter((o) => o.name === name);
      if (found.length !== 1) throw new Error(`${t.file}: \${${name}} names ${found.length} documents`);
      return resolve(found[0]!, seen);
    });
    return [...own, ...more];
  };
  const out: PageOperation[] = [];
  for (const t of all) {
    const definitions = resolve(t, new Set());
    if (!definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) continue;
    out.push({ id: `${t.file}#${t.name}`, document: { kind: Kind.DOCUMENT, definitions } });
  }
  for (const op of REST_OPERATIONS) out.push({ id: `REST ${op.method} ${op.path}`, document: parse(op.query) });
  // The user subgraph asks the gateway too (alerts, saved-search texts).
  const dir = path.join(repoRoot(), 'subgraphs', 'user', 'src', 'gateway');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    for (const [, name, text] of readFileSync(path.join(dir, file), 'utf8').matchAll(/\bconst (\w+) = `((?:query|mutation)\b[^`]*)`/g)) {
      out.push({ id: `subgraphs/user/src/gateway/${file}#${name}`, document: parse(text!) });
    }
  }
  return out;
}
