import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { repoRoot, SUBGRAPHS, type SubgraphName } from '@sumika/server-kit';

/** Where the gateway finds each subgraph (overridable per deployment: <NAME>_URL). */
export const SUBGRAPH_PORTS: Record<SubgraphName, number> = { search: 4001, bukken: 4002, user: 4003, company: 4004, forms: 4005 };

export function subgraphUrl(name: SubgraphName, env: NodeJS.ProcessEnv = process.env): string {
  return env[`${name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${SUBGRAPH_PORTS[name]}/graphql`;
}

export const SUPERGRAPH_FILE = (): string => path.join(repoRoot(), 'gateway', 'supergraph.graphql');

export function schemaFile(name: SubgraphName): string {
  return path.join(repoRoot(), 'subgraphs', name, 'schema.graphql');
}

/** The subgraphs that have a schema so far (user and forms arrive with the write-API issue). */
export function composedSubgraphs(): SubgraphName[] {
  return SUBGRAPHS.filter((s) => existsSync(schemaFile(s)));
}

/**
 * Composes every subgraph's schema.graphql into the supergraph SDL. The routing URLs in
 * the file are the local defaults; the gateway overrides them from its own configuration.
 */
export function composeSupergraph(): string {
  const result = composeServices(
    composedSubgraphs().map((name) => ({
      name,
      url: `http://127.0.0.1:${SUBGRAPH_PORTS[name]}/graphql`,
      typeDefs: parse(readFileSync(schemaFile(name), 'utf8')),
    })),
  );
  if (result.errors?.length) {
    throw new Error(`supergraph composition failed:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  }
  if (!result.supergraphSdl) throw new Error('supergraph composition produced no SDL');
  return result.supergraphSdl;
}
