import { SUBGRAPHS, type SubgraphName } from '@sumika/server-kit';
import { checkSubgraphSchema, committedSupergraphIsCurrent, formatReport, loadInput } from './schema-check.js';

// `npm run schema:check` checks every subgraph; `npm run schema:check -w subgraphs/<name>` runs
// this with the subgraph's name. Exit 1 on a composition error, a breaking change or a broken operation.
const args = process.argv.slice(2);
const unknown = args.filter((a) => !(SUBGRAPHS as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`unknown subgraph: ${unknown.join(', ')} (one of ${SUBGRAPHS.join(', ')})`);
  process.exit(2);
}
const names = (args.length ? args : SUBGRAPHS) as readonly SubgraphName[];

if (!committedSupergraphIsCurrent()) {
  console.warn('note: the committed gateway/supergraph.graphql is not the composition of the committed schemas; the diffs below include that gap');
}

let failed = 0;
for (const name of names) {
  const result = await checkSubgraphSchema(loadInput(name));
  console.log(formatReport(result));
  if (!result.ok) failed++;
}
if (failed) {
  console.error(`schema:check: ${failed} of ${names.length} subgraph(s) failed`);
  process.exit(1);
}
