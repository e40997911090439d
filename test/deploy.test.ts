// test/deploy.test.ts — deploy/ validates without a cluster: every YAML document is read (js-yaml)
// and checked against the Kubernetes schema of its kind (kubernetes-models' `.validate()`), and the
// objects agree with each other and with the service: selectors find their pods, probes ask the
// render server's /health, the autoscaler reads a metric /metrics exports, the memory a render pod is
// given covers its workers, and the fronts resolve the render servers' headless Service.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../src/server/metrics.js';

const DEPLOY = fileURLToPath(new URL('../deploy/', import.meta.url));

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
};

type Obj = Record<string, any>;

const files = readdirSync(DEPLOY).filter((f) => f.endsWith('.yaml'));
const objects: (Obj & { file: string })[] = [];
for (const f of files)
  for (const doc of loadAll(readFileSync(join(DEPLOY, f), 'utf8')))
    if (doc && typeof doc === 'object') objects.push({ ...(doc as Obj), file: f });

const find = (kind: string, name: string): Obj => {
  const o = objects.find((x) => x.kind === kind && x.metadata?.name === name);
  if (!o) throw new Error(`no ${kind} ${name} in deploy/`);
  return o;
};
const env = (d: Obj, name: string): string | undefined =>
  d.spec.template.spec.containers[0].env.find((e: Obj) => e.name === name)?.value;
const mib = (q: string): number => {
  const m = /^(\d+)(Mi|Gi)$/.exec(q);
  if (!m) throw new Error(`memory "${q}" is not in Mi or Gi`);
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
};
const labelsMatch = (selector: Obj, labels: Obj): boolean =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/', () => {
  it('every document is a Kubernetes object that validates against its schema', () => {
    expect(files).toEqual(expect.arrayContaining(['render.yaml', 'hosted.yaml', 'postgres.yaml']));
    for (const o of objects) {
      const { file, ...data } = o;
      if (data.kind === 'Kustomization') {
        for (const r of data.resources as string[]) expect(files, `${file} lists ${r}`).toContain(r);
        continue;
      }
      const Model = MODELS[`${data.apiVersion} ${data.kind}`];
      expect(Model, `${file}: ${data.apiVersion} ${data.kind} has no schema here`).toBeDefined();
      expect(() => new Model(data as never).validate(), `${file}: ${data.kind} ${data.metadata?.name}`).not.toThrow();
    }
  });

  it('a schema check that cannot fail is no check: a broken Deployment is refused', () => {
    const broken = structuredClone(find('Deployment', 'quire-render'));
    delete broken.file;
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.port = undefined;
    broken.spec.replicas = 'two';
    expect(() => new Deployment(broken as never).validate()).toThrow(/replicas must be integer/);
  });

  it('render servers: probes on /health, memory for every worker, the autoscaler on an exported metric', () => {
    const d = find('Deployment', 'quire-render');
    const pod = d.spec.template.spec;
    const c = pod.containers[0];
    expect(labelsMatch(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    for (const probe of ['readinessProbe', 'livenessProbe']) expect(c[probe].httpGet.path).toBe('/health');
    // The probes go to the probe port (src/server/probe.ts), the port the server is told to open.
    const probePort = c.ports.find((p: Obj) => p.name === 'probe');
    expect(Number(env(d, 'QUIRE_PROBE_PORT'))).toBe(probePort.containerPort);
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'])
      expect(c[probe].httpGet.port).toBe('probe');
    // A pod that drains: its notice and grace fit in the pod's termination grace.
    const notice = Number(env(d, 'QUIRE_DRAIN_NOTICE_MS'));
    const grace = Number(env(d, 'QUIRE_GRACE_MS'));
    expect(notice).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(grace);
    // Memory: each worker's heap limit (≥ the per-render budget) times the workers, plus the bodies held.
    const workers = Number(env(d, 'QUIRE_WORKERS'));
    const heap = Number(env(d, 'QUIRE_MEMORY_LIMIT_MB'));
    const budget = Number(env(d, 'QUIRE_RENDER_MEMORY_MB'));
    const bodies = Number(env(d, 'QUIRE_QUEUE_BYTES')) / 1024 / 1024;
    expect(heap).toBeGreaterThanOrEqual(budget);
    expect(mib(c.resources.limits.memory)).toBeGreaterThanOrEqual(workers * heap + bodies);
    expect(c.resources.requests.memory).toBe(c.resources.limits.memory);
    expect(Number(c.resources.requests.cpu)).toBe(workers);
    // The headless Service the fronts resolve selects these pods.
    const svc = find('Service', 'quire-render');
    expect(svc.spec.clusterIP).toBe('None');
    expect(labelsMatch(svc.spec.selector, d.spec.template.metadata.labels)).toBe(true);
    const pdb = find('PodDisruptionBudget', 'quire-render');
    expect(labelsMatch(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    // The autoscaler scales this Deployment on a metric the render server's /metrics has.
    const hpa = find('HorizontalPodAutoscaler', 'quire-render');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'quire-render' });
    const metric = hpa.spec.metrics[0].pods.metric.name as string;
    const exported = (createMetrics(() => undefined, false).registry.getMetricsAsArray() as { name: string }[]).map(
      (m) => m.name,
    );
    expect(exported).toContain(metric);
    // and the Prometheus adapter's rule publishes it under that name
    const rules = find('ConfigMap', 'adapter-config').data['config.yaml'] as string;
    expect(rules).toContain(`seriesQuery: '${metric}{`);
    expect(rules).toContain(`as: ${metric}`);
  });

  it('fronts: resolve the render servers by DNS, read the database URL from a Secret, and are reachable', () => {
    const d = find('Deployment', 'quire-hosted');
    const c = d.spec.template.spec.containers[0];
    const [host, port] = String(env(d, 'QUIRE_RENDER_DNS')).split(':');
    const render = find('Service', host);
    expect(render.spec.ports.map((p: Obj) => p.port)).toContain(Number(port));
    expect(c.env.find((e: Obj) => e.name === 'QUIRE_DATABASE_URL').valueFrom.secretKeyRef.key).toBe('url');
    expect(c.command).toEqual(['node', 'dist/cli.js', 'hosted']);
    const svc = find('Service', 'quire-hosted');
    expect(labelsMatch(svc.spec.selector, d.spec.template.metadata.labels)).toBe(true);
    expect(find('Service', 'quire-postgres').spec.type).toBe('ExternalName');
    // Only the fronts (and the metrics scraper) reach the render servers.
    const policy = find('NetworkPolicy', 'quire-render');
    expect(policy.spec.ingress[0].from[0].podSelector.matchLabels).toEqual(
      expect.objectContaining({ 'app.kubernetes.io/name': 'quire-hosted' }),
    );
  });
});
