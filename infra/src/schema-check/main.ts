import { parseArgs } from 'node:util';
import { SUBGRAPHS, type SubgraphName } from '@sumika/server-kit';
import { checkSubgraphSchema, committedSupergraphIsCurrent, formatReport, loadInput } from './schema-check.js';

// `npm run schema:check` checks every subgraph; `npm run schema:check -w subgraphs/<name>` runs
// this with the subgraph's name. Exit 1 on a composition error, a breaking change or a broken operation.
// `-- --base <ref>` compares with another commit than HEAD (a pull request's target branch).
const { values, positionals } = parseArgs({ options: { base: { type: 'string', default: 'HEAD' } }, allowPositionals: true });
const unknown = positionals.filter((a) => !(SUBGRAPHS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`unknown subgraph: ${unknown.join(', ')} (one of ${SUBGRAPHS.join(', ')})`);
  process.exit(2);
}
const names = (positionals.length ? positionals : SUBGRAPHS) as readonly SubgraphName[];
const base = values.base;

let failed = 0;
try {
  if (!committedSupergraphIsCurrent(base)) {
    console.warn(`note: gateway/supergraph.graphql at ${base} is not the composition of the schemas committed there; the diffs below include that gap`);
  }
  for (const name of names) {
    const result = await checkSubgraphSchema(loadInput(name, undefined, base));
    console.log(formatReport(result));
    if (!result.ok) failed++;
  }
} catch (e) {
  console.error((e as Error).message); // a missing file or commit: no stack, the message says it
  process.exit(2);
}
if (failed) {
  console.error(`schema:check: ${failed} of ${names.length} subgraph(s) failed`);
  process.exit(1);
}
