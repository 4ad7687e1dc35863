// `npm run serve -w mf-user`: build if missing, then serve dist/ on MF_USER_PORT (3003) with CORS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../shell/build/remote-main.js';

await main({ dir: path.dirname(fileURLToPath(import.meta.url)), name: 'mf-user', portEnv: 'MF_USER_PORT', defaultPort: 3003 });
