/**
 * `npm run infra:validate`: deploy/ checked without a cluster or a Docker engine (decision 025). Renders the
 * kustomize base and the production overlay, validates every object against the Kubernetes schemas and
 * their references, the Dockerfile against the local runner, and the compose file. Exit 1 on any problem.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@sumika/server-kit';
import { composeProblems, crossProblems, dockerfileProblems, readText, schemaProblems } from './checks.js';
import { differencesFromKustomize, parseYamlFile, render } from './kustomize.js';

/** Every YAML file under deploy/, whether a kustomization names it or not: a stray file must parse too. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(file);
    return /\.ya?ml$/.test(e.name) ? [file] : [];
  });
}

export function validateDeploy(root = repoRoot()): { problems: string[]; summary: string[] } {
  const problems: string[] = [];
  const summary: string[] = [];
  const files = yamlFiles(path.join(root, 'deploy'));
  for (const file of files) {
    try {
      parseYamlFile(file);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  summary.push(`deploy/: ${files.length} YAML files parsed`);
  for (const dir of ['deploy/k8s/base', 'deploy/k8s/overlays/production']) {
    try {
      const objects = render(path.join(root, dir));
      const found = [...schemaProblems(objects), ...crossProblems(objects)];
      problems.push(...found.map((p) => `${dir}: ${p}`));
      summary.push(`${dir}: ${objects.length} objects (${[...new Set(objects.map((o) => o.kind))].join(', ')})`);
      // The renderer is a subset of kustomize: where kubectl is installed, the real one must agree with it.
      const differences = differencesFromKustomize(path.join(root, dir), objects);
      if (differences) problems.push(...differences.map((p) => `${dir}: ${p}`));
      summary.push(
        `${dir}: ${!differences ? 'kubectl not installed, not compared with kustomize' : differences.length === 0 ? 'same objects as kubectl kustomize' : 'differs from kubectl kustomize'}`,
      );
    } catch (err) {
      problems.push(`${dir}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  problems.push(...dockerfileProblems(readText(root, 'deploy/docker/Dockerfile'), root).map((p) => `deploy/docker/${p}`));
  problems.push(...composeProblems(readText(root, 'deploy/docker-compose.yml')).map((p) => `deploy/${p}`));
  summary.push('deploy/docker/Dockerfile: targets and COPY sources', 'deploy/docker-compose.yml: services');
  return { problems, summary };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { problems, summary } = validateDeploy();
  for (const line of summary) console.log(`[infra:validate] ${line}`);
  for (const p of problems) console.error(`[infra:validate] ${p}`);
  console.log(problems.length === 0 ? '[infra:validate] ok' : `[infra:validate] ${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
