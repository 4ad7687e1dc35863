// mf-user: browser build (dist/client) and Node build (dist/server), each with mf-manifest.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigs } from '../shell/build/remote-webpack.js';
import federation from './module-federation.config.js';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => remoteConfigs({ dir, federation, mode: argv.mode ?? 'production', standalone: process.env.MF_STANDALONE === '1' });
