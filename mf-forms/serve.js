// `npm run serve -w mf-forms`: build if missing, then serve dist/ on MF_FORMS_PORT (3004) with CORS.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../shell/build/remote-main.js';

await main({ dir: path.dirname(fileURLToPath(import.meta.url)), name: 'mf-forms', portEnv: 'MF_FORMS_PORT', defaultPort: 3004 });
