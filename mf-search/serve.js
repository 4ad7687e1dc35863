// `npm run serve -w mf-search`: build if missing, then serve dist/ on MF_SEARCH_PORT (3001) with CORS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../shell/build/remote-main.js';

await main({ dir: path.dirname(fileURLToPath(import.meta.url)), name: 'mf-search', portEnv: 'MF_SEARCH_PORT', defaultPort: 3001 });
