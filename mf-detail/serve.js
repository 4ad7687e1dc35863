// `npm run serve -w mf-detail`: build if missing, then serve dist/ on MF_DETAIL_PORT (3002) with CORS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../shell/build/remote-main.js';

await main({ dir: path.dirname(fileURLToPath(import.meta.url)), name: 'mf-detail', portEnv: 'MF_DETAIL_PORT', defaultPort: 3002 });
