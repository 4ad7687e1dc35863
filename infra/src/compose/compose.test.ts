import { readFileSync } from 'node:fs';
import { composeSupergraph, composedSubgraphs, SUPERGRAPH_FILE } from './compose.js';

describe('the supergraph', () => {
  it('composes from every subgraph schema', () => {
    expect(composedSubgraphs()).toEqual(expect.arrayContaining(['search', 'bukken', 'company']));
    expect(composeSupergraph()).toContain('join__Graph');
  });

  it('is committed up to date (run `npm run compose` after changing a schema)', () => {
    expect(readFileSync(SUPERGRAPH_FILE(), 'utf8')).toBe(composeSupergraph());
  });
});
