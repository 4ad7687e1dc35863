import { composeSupergraph, composedSubgraphs, SUPERGRAPH_FILE } from './compose.js';
import { publishSupergraph } from './publish.js';

// `npm run schema:publish`: composes every subgraph's schema and hands the supergraph to the running
// gateway without a restart (it watches SUPERGRAPH_FILE, by default gateway/supergraph.graphql). Run
// `npm run schema:check` first: publishing does not judge the change.
const file = process.env.SUPERGRAPH_FILE ?? SUPERGRAPH_FILE();
const hash = publishSupergraph(file, composeSupergraph());
console.log(`published ${composedSubgraphs().join(', ')} as ${hash} to ${file}`);
