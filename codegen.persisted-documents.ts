// Persisted documents (issue 15, decision 021): every operation the shell and the remotes can send,
// as Apollo Client sends it (Apollo's own extractor applies the client's transforms: __typename
// added), into one manifest the gateway reads: id = SHA-256 of the sent text. `npm run codegen` runs
// this last; `npm run codegen:check` fails when the committed manifest is stale.
import type { PersistedQueryManifestConfig } from '@apollo/generate-persisted-query-manifest';
import { CLIENT_WORKSPACES } from './codegen.clients.js';

const config: PersistedQueryManifestConfig = {
  documents: [...CLIENT_WORKSPACES.map((dir) => `${dir}/**/*.{ts,tsx}`), '!**/*.d.ts', '!**/*.test.{ts,tsx}', '!**/__generated__/**'],
  output: 'gateway/__generated__/persisted-documents.json',
};

export default config;
