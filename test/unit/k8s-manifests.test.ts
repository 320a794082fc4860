// The deployment descriptions: the Kubernetes manifests pass kubeconform's strict check against Kubernetes' schemas,
// which does refuse a wrong field, a wrong type and a missing required one; kustomization.yaml lists every manifest;
// docker-compose.yml and deploy/k8s describe the same topology with the same images and Temporal settings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_SERVER_DYNAMIC_CONFIG } from '../../temporal.config';

const ROOT = join(__dirname, '..', '..');
const K8S = join(ROOT, 'deploy', 'k8s');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifests = () =>
  readdirSync(K8S)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(K8S, file), 'utf8'))
        .map((doc) => doc.toJS())
        .filter(Boolean),
    );
const byKindAndName = (kind: string, name: string) =>
  manifests().find((m) => m.kind === kind && m.metadata.name === name);

function kubeconform(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('bash', [join(ROOT, 'scripts', 'kubeconform.sh'), ...args], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const BROKEN = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  replicas: two
  selector:
    matchLabels: { app: broken }
  template:
    metadata:
      labels: { app: broken }
    spec:
      containers:
        - name: api
          image: bursar:0.1.0
          readinessProbe:
            httpGet: { path: /readyz, port: 8000 }
          resources:
            limit: { memory: 1Gi }
---
apiVersion: v1
kind: Service
metadata:
  name: broken
spec:
  ports:
    - targetPort: 8000
`;

describe('Kubernetes manifests', () => {
  it('pass kubeconform -strict against the Kubernetes schemas', () => {
    const { status, output } = kubeconform('-summary', '-ignore-filename-pattern', 'kustomization\\.yaml$', K8S);
    expect(output).toMatch(/Summary: \d+ resources found in \d+ files - Valid: \d+, Invalid: 0, Errors: 0, Skipped: 0/);
    expect(status).toBe(0);
  }, 300_000);

  it('a manifest with a wrong type, an unknown field or a missing required field is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bursar-k8s-'));
    try {
      writeFileSync(join(dir, 'broken.yaml'), BROKEN);
      const { status, output } = kubeconform('-summary', join(dir, 'broken.yaml'));
      expect(status).toBe(1);
      expect(output).toContain("at '/spec/replicas': got string, want integer");
      expect(output).toContain("additional properties 'limit' not allowed");
      expect(output).toContain("at '/spec/ports/0': missing property 'port'");
      expect(output).toContain('Summary: 2 resources found in 1 file - Valid: 0, Invalid: 2, Errors: 0, Skipped: 0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('kustomization.yaml lists every manifest of deploy/k8s', () => {
    const listed = parse(read('deploy/k8s/kustomization.yaml')).resources as string[];
    const files = readdirSync(K8S).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...listed].sort()).toEqual(files.sort());
  });
});

describe('docker-compose.yml and deploy/k8s', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }); // compose's `<<: *anchor`;

  it('run the same services, with two api and two worker replicas', () => {
    const temporalServices = ['frontend', 'history', 'matching', 'worker'];
    for (const service of temporalServices) {
      expect(compose.services[`temporal-${service}`].environment.SERVICES).toBe(service);
      const deployment = byKindAndName('Deployment', `temporal-${service}`);
      expect(deployment.spec.template.spec.containers[0].env).toContainEqual({ name: 'SERVICES', value: service });
    }
    for (const process of ['api', 'worker']) {
      expect(compose.services[process].deploy.replicas).toBe(2);
      expect(byKindAndName('Deployment', `bursar-${process}`).spec.replicas).toBe(2);
    }
    for (const name of ['temporal-ui', 'redis']) expect(byKindAndName('Deployment', name)).toBeDefined();
    expect(byKindAndName('Job', 'temporal-schema')).toBeDefined();
    expect(byKindAndName('Job', 'bursar-setup').spec.template.spec.containers[0].args).toEqual(['setup']);
  });

  it('pin the same Temporal images and settings', () => {
    const composeImages = new Set(Object.values<any>(compose.services).map((s) => s.image));
    const k8sImages = new Set(
      manifests()
        .flatMap((m) => m.spec?.template?.spec ?? [])
        .flatMap((pod) => [...(pod.initContainers ?? []), ...pod.containers])
        .map((container) => container.image as string)
        .filter((image) => image.startsWith('temporalio/')),
    );
    expect([...k8sImages].sort()).toEqual(
      [
        'temporalio/admin-tools:1.29.1-tctl-1.18.4-cli-1.5.0',
        'temporalio/server:1.29.1',
        'temporalio/ui:2.42.1',
      ].sort(),
    );
    for (const image of k8sImages) expect(composeImages).toContain(image);

    const k8sTemporal = byKindAndName('ConfigMap', 'temporal-config').data;
    expect(k8sTemporal.NUM_HISTORY_SHARDS).toBe('4');
    expect(compose.services['temporal-history'].environment.NUM_HISTORY_SHARDS).toBe(k8sTemporal.NUM_HISTORY_SHARDS);
  });

  it('give Temporal the dynamic config the dev server gets', () => {
    const expected = Object.fromEntries(
      DEV_SERVER_DYNAMIC_CONFIG.map((setting) => {
        const [key, value] = setting.split('=');
        return [key, [{ value: JSON.parse(value) }]];
      }),
    );
    expect(parse(read('deploy/compose/temporal-dynamic-config.yaml'))).toEqual(expected);
    const configMap = byKindAndName('ConfigMap', 'temporal-dynamic-config');
    expect(parse(configMap.data['dynamic-config.yaml'])).toEqual(expected);
  });
});
