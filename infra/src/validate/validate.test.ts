import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '@sumika/server-kit';
import { composeProblems, crossProblems, dockerfileProblems, readText, schemaProblems } from './checks.js';
import { differencesFromKustomize, parseYamlFile, render, strategicMerge, type K8sObject } from './kustomize.js';
import { validateDeploy } from './main.js';

const root = repoRoot();
const base = (): K8sObject[] => render(path.join(root, 'deploy/k8s/base'));
const problemsOf = (objects: K8sObject[]): string[] => [...schemaProblems(objects), ...crossProblems(objects)];

type Pod = { containers: Record<string, unknown>[]; terminationGracePeriodSeconds?: number };
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name) as K8sObject & { spec: unknown };
const podOf = (objects: K8sObject[], name: string): Pod => (find(objects, 'Deployment', name).spec as { template: { spec: Pod } }).template.spec;
const containerOf = (objects: K8sObject[], name: string) =>
  podOf(objects, name).containers[0] as {
    readinessProbe: { httpGet: { port: unknown } };
    env: { name: string; value?: string; valueFrom?: unknown }[];
  };

describe('infra:validate', () => {
  it('finds no problem in deploy/ as committed', () => {
    expect(validateDeploy(root).problems).toEqual([]);
  });

  it('renders the production overlay: patches by kind and name, lists merged by their key', () => {
    const prod = render(path.join(root, 'deploy/k8s/overlays/production'));
    expect((find(prod, 'Deployment', 'search').spec as { replicas: number }).replicas).toBe(3);
    expect((find(prod, 'HorizontalPodAutoscaler', 'shell').spec as { maxReplicas: number }).maxReplicas).toBe(16);
    const shellEnv = containerOf(prod, 'shell').env;
    expect(shellEnv.find((e) => e.name === 'PUBLIC_ORIGIN')?.value).toBe('https://sumika.example.jp');
    // The patch replaced one variable and kept every other one.
    expect(shellEnv.length).toBe(containerOf(base(), 'shell').env.length);
  });

  it('fails a readiness probe on a port the container does not have', () => {
    const objects = base();
    containerOf(objects, 'bukken').readinessProbe.httpGet.port = 9999;
    expect(problemsOf(objects)).toContain('Deployment/bukken: readinessProbe port 9999 is not a port of container bukken');
  });

  it('fails a Service whose selector matches no Deployment', () => {
    const objects = base();
    (find(objects, 'Service', 'search').spec as { selector: Record<string, string> }).selector = { 'app.kubernetes.io/name': 'serch' };
    expect(problemsOf(objects)).toContain("Service/search: selector matches no Deployment's pod labels");
  });

  it('fails a field of the wrong type against the Kubernetes schema', () => {
    const objects = base();
    (find(objects, 'Deployment', 'gateway').spec as { replicas: unknown }).replicas = 'three';
    expect(problemsOf(objects).join('\n')).toMatch(/Deployment\/gateway: .*spec\/replicas must be integer/);
  });

  it('fails an HPA without its Deployment, an unknown secret, a missing variable and a grace period too short to drain', () => {
    const objects = base();
    (find(objects, 'HorizontalPodAutoscaler', 'user').spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name = 'users';
    const forms = containerOf(objects, 'forms');
    forms.env = forms.env.filter((e) => e.name !== 'RECAPTCHA_SECRET');
    forms.env.push({ name: 'X', valueFrom: { secretKeyRef: { name: 'other', key: 'X' } } });
    podOf(objects, 'company').terminationGracePeriodSeconds = 10;
    delete (containerOf(objects, 'gateway') as { resources?: unknown }).resources;
    const found = problemsOf(objects);
    expect(found).toContain('HorizontalPodAutoscaler/user: targets Deployment/users, not a Deployment in the set');
    expect(found).toContain('Deployment/forms: RECAPTCHA_SECRET is not set (the forms needs it in a pod)');
    expect(found).toContain('Deployment/forms: env X reads secret other key X, neither in the set nor a documented external secret');
    expect(found).toContain('Deployment/company: terminationGracePeriodSeconds 10 < preStop 5 s + SHUTDOWN_GRACE_MS 10 s');
    expect(found).toContain('Deployment/gateway: container gateway has no limits.memory');
  });

  it("runs a subgraph's own env check over its values", () => {
    const objects = base();
    const search = containerOf(objects, 'search');
    search.env.find((e) => e.name === 'SEARCH_PORT')!.value = 'http';
    expect(problemsOf(objects)).toContain('Deployment/search: SEARCH_PORT="http": must be a port number (0-65535)');
  });

  it('fails a Dockerfile whose CMD is not the runner’s or whose COPY source is missing', () => {
    const dockerfile = readText(root, 'deploy/docker/Dockerfile');
    expect(dockerfileProblems(dockerfile, root)).toEqual([]);
    const wrongCmd = dockerfile.replace('CMD ["node", "gateway/dist/bundle/server.js"]', 'CMD ["node", "gateway/src/server.ts"]');
    expect(dockerfileProblems(wrongCmd, root)).toContain(
      'Dockerfile target gateway: CMD ["node","gateway/src/server.ts"] is not the runner\'s ["node","gateway/dist/bundle/server.js"]',
    );
    // The runner's node options too: an image without them runs another heap than npm start.
    const noFlags = dockerfile.replace('CMD ["node", "--max-semi-space-size=64", "shell/dist/bundle/main.js"]', 'CMD ["node", "shell/dist/bundle/main.js"]');
    expect(dockerfileProblems(noFlags, root)).toContain(
      'Dockerfile target shell: CMD ["node","shell/dist/bundle/main.js"] is not the runner\'s ["node","--max-semi-space-size=64","shell/dist/bundle/main.js"]',
    );
    const asRoot = dockerfile.replace('USER node', 'USER root');
    expect(dockerfileProblems(asRoot, root)).toContain('Dockerfile target forms: runs as root, not a non-root USER');
    const wrongHealth = dockerfile.replace("fetch('http://127.0.0.1:4002/healthz')", "fetch('http://127.0.0.1:4020/healthz')");
    expect(dockerfileProblems(wrongHealth, root)).toContain('Dockerfile target bukken: no HEALTHCHECK on :4002/healthz');
    const missing = dockerfile.replace('COPY --from=build /app/subgraphs/search/schema.graphql', 'COPY --from=build /app/subgraphs/search/schema.gql');
    expect(dockerfileProblems(missing, root).join('\n')).toMatch(/schema\.gql: neither in the repo nor a build output/);
  });

  it('fails a compose file without one of the services', () => {
    const compose = readText(root, 'deploy/docker-compose.yml');
    expect(composeProblems(compose)).toEqual([]);
    expect(composeProblems(compose.replace(/^ {2}forms:$/m, '  formz:'))).toContain('docker-compose.yml: no service forms');
    expect(composeProblems(compose.replace('infra/dist/bundle/group.js', 'infra/dist/bundle/groups.js'))).toContain(
      'docker-compose.yml: remotes runs infra/dist/bundle/groups.js, not one of infra/dist/bundle/main.js, infra/dist/bundle/prepare.js, infra/dist/bundle/group.js',
    );
    expect(composeProblems(compose.replace('mf-search,mf-detail', 'mf-serch,mf-detail'))).toContain(
      'docker-compose.yml: remotes GROUP_SERVICES names mf-serch, not a groupable service',
    );
  });

  it('fails a YAML file that does not parse, naming it', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'infra-validate-')), 'bad.yaml');
    writeFileSync(file, 'kind: Service\nmetadata:\n  name: [unclosed\n');
    expect(() => parseYamlFile(file)).toThrow(file);
  });

  it("fails a Deployment whose replicas are not its autoscaler's floor", () => {
    const objects = base();
    (find(objects, 'Deployment', 'company').spec as { replicas: number }).replicas = 5;
    expect(problemsOf(objects)).toContain("HorizontalPodAutoscaler/company: minReplicas 2 is not the Deployment's replicas 5");
  });

  // kubectl carries kustomize; without it (the comparison is skipped there too) this has nothing to compare with.
  const withKubectl = spawnSync('kubectl', ['version', '--client']).status === 0 ? it : it.skip;
  withKubectl('agrees with kubectl kustomize on the production overlay, and tells a difference', () => {
    const dir = path.join(root, 'deploy/k8s/overlays/production');
    const objects = render(dir);
    expect(differencesFromKustomize(dir, objects)).toEqual([]);
    (find(objects, 'Deployment', 'user').spec as { replicas: number }).replicas = 7;
    expect(differencesFromKustomize(dir, objects)).toEqual(['Deployment/user: kustomize renders it differently']);
  });

  it('strategic merge: maps merge, keyed lists merge by item, other lists are replaced, null deletes', () => {
    expect(strategicMerge({ a: 1, b: { c: 2, d: 3 }, args: ['x'] }, { b: { c: 4, d: null }, args: ['y'] })).toEqual({ a: 1, b: { c: 4 }, args: ['y'] });
    expect(
      strategicMerge(
        {
          env: [
            { name: 'A', value: '1' },
            { name: 'B', value: '2' },
          ],
        },
        { env: [{ name: 'B', value: '3' }] },
      ),
    ).toEqual({
      env: [
        { name: 'B', value: '3' },
        { name: 'A', value: '1' },
      ],
    });
  });
});
