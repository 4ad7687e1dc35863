import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/architecture.md names the file that handles each step of a request; a moved or renamed file
 * must move the page with it, so every repository path the page cites in backticks must exist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const TOP = /^(spec|kits|subgraphs|gateway|shell|mf-search|mf-detail|mf-user|mf-forms|infra|e2e|docs)\//;
const cited = [...page.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((p) => TOP.test(p) && !p.includes('<'));

test('the page cites files', () => {
  expect(cited.length).toBeGreaterThan(20);
});

test.each(cited.map((p) => [p]))('%s exists', (p) => {
  expect(existsSync(path.join(root, p))).toBe(true);
});
