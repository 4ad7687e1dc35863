import { readFileSync, writeFileSync } from 'node:fs';
import { composeSupergraph, composedSubgraphs, SUPERGRAPH_FILE } from './compose.js';

// `npm run compose` writes gateway/supergraph.graphql; `--check` fails when it is stale.
const sdl = composeSupergraph();
const file = SUPERGRAPH_FILE();
if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== sdl) {
    console.error(`${file} is stale: run npm run compose`);
    process.exit(1);
  }
  console.log('supergraph is up to date');
} else {
  writeFileSync(file, sdl);
  console.log(`composed ${composedSubgraphs().join(', ')} into ${file}`);
}
