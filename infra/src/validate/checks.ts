/**
 * What `npm run infra:validate` checks in deploy/ (decision 025): every object against the Kubernetes
 * schemas (kubernetes-models), the references between objects, the environment each service needs
 * in a pod, the Dockerfile's COPY sources and entry commands against the local runner, and the compose
 * file's services. Each check returns problems as lines; none means valid.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service as K8sService } from 'kubernetes-models/v1/Service';
import { parse } from 'yaml';
import { EnvError, SUBGRAPHS, subgraphEnv, type SubgraphName } from '@sumika/server-kit';
import { bundleOf, compiledEntry, RUNNER_BUNDLE } from '../runner/compile.js';
import { SERVICES } from '../runner/services.js';
import type { K8sObject } from './kustomize.js';

/** The services deploy/ packages: the gateway, the shell and the five subgraphs (the remotes are static builds). */
export const DEPLOYED = ['gateway', 'shell', ...SUBGRAPHS] as const;

/**
 * Secrets made outside the manifest set (`kubectl create secret generic sumika-secrets …`, deploy/README.md)
 * and the keys they hold: a secretKeyRef must name one of these.
 */
export const EXTERNAL_SECRETS: Record<string, readonly string[]> = {
  'sumika-secrets': ['DATABASE_URL', 'REDIS_URL', 'GATEWAY_SIGNING_KEY', 'COOKIE_SECRET', 'SHELL_SIGNING_KEY', 'RECAPTCHA_SECRET', 'SMTP_URL'],
};

const SUBGRAPH_URLS = SUBGRAPHS.map((s) => `${s.toUpperCase()}_URL`);

/**
 * What each service must be given in a pod: the variables its start refuses to go without in production
 * (gateway/src/keys.ts, shell/src/server/gateway/token.ts, subgraphs/forms/src/recaptcha/recaptcha.ts), its
 * stores (else embedded PGlite on a read-only disk), SMTP for the outboxes (else mails are files in the pod's
 * emptyDir, lost with it), and every address whose default is 127.0.0.1.
 */
export const REQUIRED_ENV: Record<(typeof DEPLOYED)[number], readonly string[]> = {
  gateway: ['GATEWAY_SIGNING_KEY', 'COOKIE_SECRET', ...SUBGRAPH_URLS, 'SHELL_JWKS_URL', 'SHELL_TOKEN_AUDIENCE'],
  shell: ['SHELL_SIGNING_KEY', 'PUBLIC_ORIGIN', 'GATEWAY_URL', 'BUKKEN_IMAGES_URL', 'COMPANY_IMAGES_URL', 'REMOTES_FILE'],
  search: ['DATABASE_URL', 'GATEWAY_JWKS_URL'],
  bukken: ['DATABASE_URL', 'GATEWAY_JWKS_URL'],
  user: ['DATABASE_URL', 'GATEWAY_JWKS_URL', 'GATEWAY_URL', 'SMTP_URL'],
  company: ['DATABASE_URL', 'GATEWAY_JWKS_URL'],
  forms: ['DATABASE_URL', 'GATEWAY_JWKS_URL', 'RECAPTCHA_SECRET', 'SMTP_URL'],
};
/** Every service: production rules, listening beyond loopback, the shared cache. */
const COMMON_REQUIRED = { NODE_ENV: 'production', HOST: '0.0.0.0', REDIS_URL: undefined } as const;

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': K8sService,
  'v1/ConfigMap': ConfigMap,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const id = (o: K8sObject): string => `${o.kind}/${o.metadata?.name ?? '?'}`;

/** Each object against its Kubernetes schema. */
export function schemaProblems(objects: readonly K8sObject[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const o of objects) {
    if (seen.has(id(o))) problems.push(`${id(o)}: defined twice`);
    seen.add(id(o));
    const Model = MODELS[`${o.apiVersion}/${o.kind}`];
    if (!Model) {
      problems.push(`${id(o)}: ${o.apiVersion} ${o.kind} is not a kind deploy/ uses`);
      continue;
    }
    try {
      new Model(o as never).validate();
    } catch (err) {
      problems.push(`${id(o)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return problems;
}

interface Container {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command?: string[] } } };
}
interface Probe {
  httpGet?: { path: string; port: number | string };
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
  terminationGracePeriodSeconds?: number;
}
interface DeploymentShape {
  spec: { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } };
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const hasPort = (c: Container, port: number | string | undefined): boolean => (c.ports ?? []).some((p) => p.name === port || p.containerPort === port);

/** Placeholders for secret values, so a service's own env parser can check the rest of its variables. */
const PLACEHOLDER: Record<string, string> = { DATABASE_URL: 'postgres://u@db:5432/sumika', REDIS_URL: 'redis://redis:6379', SMTP_URL: 'smtp://mail:25' };

/** References between objects, probes and ports, the drain budget, and each service's environment. */
export function crossProblems(objects: readonly K8sObject[]): string[] {
  const problems: string[] = [];
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = of('Deployment') as (K8sObject & DeploymentShape)[];
  const configMaps = new Map(of('ConfigMap').map((c) => [c.metadata.name, c as K8sObject & { data?: Record<string, string> }]));
  const podLabels = (d: DeploymentShape) => d.spec?.template?.metadata?.labels;

  for (const d of deployments) {
    const where = id(d);
    if (!matches(d.spec?.selector?.matchLabels, podLabels(d))) problems.push(`${where}: selector does not match its pod labels`);
    const pod = d.spec?.template?.spec;
    for (const c of pod?.containers ?? []) {
      for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
        const port = c[kind]?.httpGet?.port;
        if (c[kind] && !hasPort(c, port)) problems.push(`${where}: ${kind} port ${String(port)} is not a port of container ${c.name}`);
      }
      if (!c.livenessProbe?.httpGet || c.livenessProbe.httpGet.path !== '/healthz') problems.push(`${where}: livenessProbe must be GET /healthz`);
      if (!c.readinessProbe?.httpGet || c.readinessProbe.httpGet.path !== '/readyz') problems.push(`${where}: readinessProbe must be GET /readyz`);
      const env = new Map((c.env ?? []).map((e) => [e.name, e]));
      for (const e of c.env ?? []) {
        const s = e.valueFrom?.secretKeyRef;
        if (s && !EXTERNAL_SECRETS[s.name]?.includes(s.key) && !of('Secret').some((o) => o.metadata.name === s.name)) {
          problems.push(`${where}: env ${e.name} reads secret ${s.name} key ${s.key}, neither in the set nor a documented external secret`);
        }
        const m = e.valueFrom?.configMapKeyRef;
        if (m && configMaps.get(m.name)?.data?.[m.key] === undefined)
          problems.push(`${where}: env ${e.name} reads ConfigMap ${m.name} key ${m.key}, not in the set`);
      }
      // preStop sleep + SHUTDOWN_GRACE_MS must fit in the grace period, or the kubelet kills a draining pod.
      const sleep = Number(c.lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? c.lifecycle.preStop.exec.command[1] : NaN);
      const graceMs = Number(env.get('SHUTDOWN_GRACE_MS')?.value ?? 10_000);
      if (!Number.isFinite(sleep)) problems.push(`${where}: container ${c.name} has no preStop sleep (endpoints must drop the pod before SIGTERM)`);
      else if ((pod.terminationGracePeriodSeconds ?? 30) < sleep + graceMs / 1000) {
        problems.push(
          `${where}: terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds ?? 30} < preStop ${sleep} s + SHUTDOWN_GRACE_MS ${graceMs / 1000} s`,
        );
      }
      problems.push(...envProblems(where, c.name, env));
      const resources = (c as { resources?: { requests?: Record<string, string>; limits?: Record<string, string> } }).resources;
      for (const part of ['requests', 'limits'] as const) {
        for (const r of ['cpu', 'memory']) if (!resources?.[part]?.[r]) problems.push(`${where}: container ${c.name} has no ${part}.${r}`);
      }
      const runnerPort = SERVICES.find((x) => x.name === c.name)?.port;
      if (runnerPort !== undefined && !hasPort(c, runnerPort))
        problems.push(`${where}: container ${c.name} does not expose ${runnerPort}, its port under the runner`);
    }
    if (!(pod as { securityContext?: { runAsNonRoot?: boolean } } | undefined)?.securityContext?.runAsNonRoot) {
      problems.push(`${where}: pod securityContext.runAsNonRoot is not true`);
    }
    for (const v of pod?.volumes ?? []) {
      if (v.configMap && !configMaps.has(v.configMap.name)) problems.push(`${where}: volume ${v.name} mounts ConfigMap ${v.configMap.name}, not in the set`);
      if (v.secret && !EXTERNAL_SECRETS[v.secret.secretName]) problems.push(`${where}: volume ${v.name} mounts Secret ${v.secret.secretName}, not documented`);
    }
  }
  for (const s of of('Service') as (K8sObject & { spec: { selector?: Record<string, string>; ports?: { targetPort?: number | string; port: number }[] } })[]) {
    const target = deployments.find((d) => matches(s.spec?.selector, podLabels(d)));
    if (!target) {
      problems.push(`${id(s)}: selector matches no Deployment's pod labels`);
      continue;
    }
    for (const p of s.spec.ports ?? []) {
      if (!target.spec.template.spec.containers.some((c) => hasPort(c, p.targetPort ?? p.port)))
        problems.push(`${id(s)}: targetPort ${String(p.targetPort ?? p.port)} is not a port of ${id(target)}`);
    }
  }
  for (const h of of('HorizontalPodAutoscaler') as (K8sObject & {
    spec: { scaleTargetRef: { kind: string; name: string }; minReplicas?: number; maxReplicas: number };
  })[]) {
    const ref = h.spec?.scaleTargetRef;
    if (ref?.kind !== 'Deployment' || !deployments.some((d) => d.metadata.name === ref.name))
      problems.push(`${id(h)}: targets ${ref?.kind}/${ref?.name}, not a Deployment in the set`);
    if ((h.spec?.minReplicas ?? 1) > h.spec?.maxReplicas) problems.push(`${id(h)}: minReplicas above maxReplicas`);
    // An apply resets the Deployment's replicas: at the HPA's floor, it never takes a pod below what the HPA keeps.
    const replicas = (deployments.find((d) => d.metadata.name === ref?.name)?.spec as { replicas?: number } | undefined)?.replicas;
    if (replicas !== undefined && replicas !== (h.spec?.minReplicas ?? 1))
      problems.push(`${id(h)}: minReplicas ${h.spec?.minReplicas ?? 1} is not the Deployment's replicas ${replicas}`);
  }
  for (const p of of('PodDisruptionBudget') as (K8sObject & { spec: { selector?: { matchLabels?: Record<string, string> } } })[]) {
    if (!deployments.some((d) => matches(p.spec?.selector?.matchLabels, podLabels(d)))) problems.push(`${id(p)}: selector matches no Deployment`);
  }
  for (const name of DEPLOYED) {
    for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
      if (!objects.some((o) => o.kind === kind && o.metadata.name === name)) problems.push(`${kind}/${name}: missing`);
    }
  }
  return problems;
}

function envProblems(where: string, service: string, env: Map<string, NonNullable<Container['env']>[number]>): string[] {
  const required = REQUIRED_ENV[service as (typeof DEPLOYED)[number]];
  if (!required) return [`${where}: container ${service} is not one of ${DEPLOYED.join(', ')}`];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(COMMON_REQUIRED)) {
    const e = env.get(name);
    if (!e) problems.push(`${where}: ${name} is not set`);
    else if (value !== undefined && e.value !== value) problems.push(`${where}: ${name} must be ${value}`);
  }
  for (const name of required) if (!env.has(name)) problems.push(`${where}: ${name} is not set (the ${service} needs it in a pod)`);
  // A subgraph's own start check (kits/server subgraphEnv) over the values given, secrets as placeholders.
  if ((SUBGRAPHS as readonly string[]).includes(service)) {
    const values = Object.fromEntries([...env].map(([k, e]) => [k, e.value ?? PLACEHOLDER[k] ?? 'secret']));
    try {
      subgraphEnv(service as SubgraphName, {}, values);
    } catch (err) {
      if (!(err instanceof EnvError)) throw err;
      problems.push(...err.problems.map((p) => `${where}: ${p}`));
    }
  }
  return problems;
}

/** Files a RUN of the build stages writes: the esbuild bundles (build:services) and the shell's browser build. */
function buildOutputs(): string[] {
  return [...SERVICES.map((s) => bundleOf(s)?.outdir).filter((d): d is string => !!d), 'shell/dist/client'];
}

/** The Dockerfile: a target per deployed service, COPY sources that exist, CMD = the runner's command (node options, compiled entry). */
export function dockerfileProblems(text: string, root: string): string[] {
  const problems: string[] = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const stages: string[] = [];
  const cmds = new Map<string, string[]>();
  const parents = new Map<string, string>();
  const users = new Map<string, string>();
  const healthchecks = new Map<string, string>();
  let stage = '';
  const outputs = buildOutputs();
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const at = `Dockerfile:${i + 1}`;
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      stage = from[2] ?? '';
      stages.push(stage);
      parents.set(stage, from[1]!);
      return;
    }
    const user = /^USER\s+(\S+)/i.exec(line);
    if (user) users.set(stage, user[1]!);
    if (/^HEALTHCHECK\s/i.test(line)) healthchecks.set(stage, line);
    if (/^COPY\s/i.test(line)) {
      const words = line.split(/\s+/).slice(1);
      const fromStage = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const args = words.filter((w) => !w.startsWith('--'));
      for (const src of args.slice(0, -1)) {
        if (fromStage) {
          if (!stages.includes(fromStage)) problems.push(`${at}: COPY --from=${fromStage}: no such stage before it`);
          const rel = path.posix.relative('/app', src) || '.';
          if (rel.startsWith('..')) problems.push(`${at}: COPY ${src}: outside /app`);
          else if (!existsSync(path.join(root, rel)) && !outputs.includes(rel))
            problems.push(`${at}: COPY --from=${fromStage} ${src}: neither in the repo nor a build output`);
        } else if (!existsSync(path.join(root, src))) problems.push(`${at}: COPY ${src}: no such file in the build context`);
      }
      return;
    }
    const cmd = /^CMD\s+(\[.*\])\s*$/i.exec(line);
    if (cmd) {
      try {
        cmds.set(stage, JSON.parse(cmd[1]!) as string[]);
      } catch {
        problems.push(`${at}: CMD is not a JSON array`);
      }
    } else if (/^CMD\s/i.test(line)) problems.push(`${at}: CMD must be the exec form (a JSON array) so node gets SIGTERM`);
  });
  for (const name of DEPLOYED) {
    const service = SERVICES.find((s) => s.name === name);
    if (!service) {
      problems.push(`${name}: not a service of the runner (infra/src/runner/services.ts)`);
      continue;
    }
    if (!stages.includes(name)) {
      problems.push(`Dockerfile: no target ${name}`);
      continue;
    }
    // USER and HEALTHCHECK are inherited from the stage a target is built FROM.
    const inherited = (map: Map<string, string>): string | undefined => {
      for (let st: string | undefined = name; st !== undefined; st = parents.get(st)) if (map.has(st)) return map.get(st);
      return undefined;
    };
    const runAs = inherited(users);
    if (!runAs || ['root', '0'].includes(runAs.split(':')[0]!)) problems.push(`Dockerfile target ${name}: runs as ${runAs ?? 'root'}, not a non-root USER`);
    const healthcheck = inherited(healthchecks);
    if (!healthcheck?.includes(`:${service.port}/healthz`)) problems.push(`Dockerfile target ${name}: no HEALTHCHECK on :${service.port}/healthz`);
    const expected = ['node', ...(service.nodeFlags ?? []), compiledEntry(service)];
    const got = cmds.get(name);
    if (JSON.stringify(got) !== JSON.stringify(expected))
      problems.push(`Dockerfile target ${name}: CMD ${JSON.stringify(got)} is not the runner's ${JSON.stringify(expected)}`);
  }
  return problems;
}

/** docker-compose.yml: every deployed service, built from its target, on the runner's port. */
export function composeProblems(text: string): string[] {
  const problems: string[] = [];
  const compose = parse(text, { merge: true }) as {
    services?: Record<string, { build?: { target?: string }; ports?: string[]; command?: string[]; environment?: Record<string, string> }>;
  };
  // A one-off or grouped service runs a runner entry from the build stage: it must be one the runner bundles.
  const runnerEntries = RUNNER_BUNDLE.entries.map((e) => path.posix.join(RUNNER_BUNDLE.outdir, `${path.basename(e, '.ts')}.js`));
  for (const [name, s] of Object.entries(compose.services ?? {})) {
    const [bin, entry] = s.command ?? [];
    if (bin === 'node' && !runnerEntries.includes(entry ?? ''))
      problems.push(`docker-compose.yml: ${name} runs ${entry}, not one of ${runnerEntries.join(', ')}`);
    for (const member of (s.environment?.GROUP_SERVICES ?? '').split(',').filter(Boolean)) {
      if (!SERVICES.some((x) => x.name === member && x.group))
        problems.push(`docker-compose.yml: ${name} GROUP_SERVICES names ${member}, not a groupable service`);
    }
  }
  for (const name of DEPLOYED) {
    const s = compose.services?.[name];
    const port = SERVICES.find((x) => x.name === name)?.port;
    if (!s) problems.push(`docker-compose.yml: no service ${name}`);
    else {
      if (s.build?.target !== name) problems.push(`docker-compose.yml: ${name} builds target ${s.build?.target}, not ${name}`);
      if (!(s.ports ?? []).includes(`${port}:${port}`)) problems.push(`docker-compose.yml: ${name} does not publish ${port}:${port}`);
    }
  }
  return problems;
}

/** Everything under deploy/, rendered and checked; `readFile` relative to the repo root. */
export function readText(root: string, rel: string): string {
  return readFileSync(path.join(root, rel), 'utf8');
}
