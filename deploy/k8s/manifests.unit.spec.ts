/**
 * Parses every manifest under deploy/k8s and the Dockerfile under deploy/docker, and cross-checks
 * them against the code: service names and ports (SERVICE_PORTS), the variables each service's env
 * schema reads, the Secret and ConfigMaps they pull in, and the entry point the image runs.
 *
 * Each check gathers its findings as sentences naming the service and the variable, so a failure
 * reads as a list of what is wrong rather than a bare `expected false to be true`.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { BUS_USERS, type BusUser, passwordEnvVar } from '@support/bus/pure';
import {
  SERVICE_NAMES,
  SERVICE_PORTS,
  type EnvSchema,
  type ServiceName,
} from '@support/platform/pure';
import { ADMIN_WS_PATH, CUSTOMER_WS_PATH } from '@support/gateway/pure';
import { escalationEnv } from '@support/escalation/pure';
import { WEBHOOK_PATH as WHATSAPP_WEBHOOK_PATH } from '@support/whatsapp/pure';
import {
  ENV_SCHEMAS,
  flagValue,
  MODEL_SERVER_IMAGES,
  MODEL_WIRING,
  modelMatches,
  PRODUCTION_SETTINGS,
  SECRET_VARS,
  servedModel,
  vllmServingProblems,
} from '../production-settings.js';
import { at, release, valuesOf } from '../helm/helm-values.js';

const K8S_DIR = fileURLToPath(new URL('.', import.meta.url));
const DEPLOY_DIR = join(K8S_DIR, '..');
const REPO_ROOT = join(DEPLOY_DIR, '..');
const DOCKERFILE = join(DEPLOY_DIR, 'docker', 'Dockerfile');

const NAMESPACE = 'support-agent';
const NAME_LABEL = 'app.kubernetes.io/name';
const SECRET_PLACEHOLDER = 'REPLACE_ME';

/** Deployments of the model servers (models.yaml), beside the seven services. */
const MODEL_SERVER_COMPONENT = 'model-server';

/** Port each Service exposes, where it differs from the container port. */
const SERVICE_FRONT_PORTS: Partial<Record<ServiceName, number>> = { gateway: 80 };

/**
 * Ports a service listens on besides SERVICE_PORTS, by port name: the escalation service's Slack
 * events receiver (SLACK_EVENTS_PORT, its own HTTP server), exposed under the same number.
 */
const EXTRA_PORTS: Partial<Record<ServiceName, Record<string, number>>> = {
  escalation: { 'slack-events': Number(escalationEnv.SLACK_EVENTS_PORT!.parse(undefined, 'x')) },
};

/**
 * Variables that have a default in the schema but whose default cannot work in the cluster, so a
 * Deployment whose service reads them must set them:
 * - NATS_URL (and any other URL) defaulting to a loopback address: nothing listens there in a pod;
 * - AUTH_TOKEN_SECRET: the image runs with NODE_ENV=production, where the gateway refuses the
 *   public development secret (services/gateway/src/config/gateway-config.ts);
 * - NATS_USER / NATS_PASSWORD: optional for a local nats-server, but the cluster's NATS refuses
 *   anonymous connections (deploy/helm/nats), so each service must connect as its own user.
 */
const PRODUCTION_REQUIRED = new Set([
  'NATS_URL',
  'AUTH_TOKEN_SECRET',
  'NATS_USER',
  'NATS_PASSWORD',
]);

// ---------------------------------------------------------------------------------------------
// Loading

type Json = Record<string, unknown>;

interface Resource {
  readonly file: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string | undefined;
  readonly body: Json;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown): Json {
  return isObject(value) ? value : {};
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

const yamlFiles = readdirSync(K8S_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();
const manifestFiles = yamlFiles.filter((file) => !/^kustomization\.ya?ml$/.test(file));

const parseErrors: string[] = [];
const parsed = new Map<string, unknown[]>();
for (const file of yamlFiles) {
  const docs = parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8'));
  const values: unknown[] = [];
  for (const doc of docs) {
    for (const error of doc.errors) parseErrors.push(`${file}: ${error.message}`);
    // toJSON(), not toJS(): the hoisted `yaml` may be 1.x or 2.x, and both have it.
    const value: unknown = doc.toJSON();
    if (value !== null && value !== undefined) values.push(value);
  }
  parsed.set(file, values);
}

const resources: Resource[] = manifestFiles.flatMap((file) =>
  (parsed.get(file) ?? []).map((value) => {
    const body = obj(value);
    const metadata = obj(body.metadata);
    return {
      file,
      kind: String(body.kind),
      name: String(metadata.name),
      namespace: typeof metadata.namespace === 'string' ? metadata.namespace : undefined,
      body,
    };
  }),
);
const kustomization = obj((parsed.get('kustomization.yaml') ?? [])[0]);

const ofKind = (kind: string): Resource[] => resources.filter((r) => r.kind === kind);
const deployments = ofKind('Deployment');
const services = ofKind('Service');
const configMaps = new Map(ofKind('ConfigMap').map((r) => [r.name, r]));
const secrets = new Map(ofKind('Secret').map((r) => [r.name, r]));

/**
 * Secrets CloudNativePG writes for each Cluster's application user, `<cluster>-app`, with the keys
 * its documentation lists (cloudnative-pg.io, "Connecting from an application"). They exist once
 * the operator has created the database, so no manifest here defines them.
 */
const CNPG_APP_SECRET_KEYS = [
  'username',
  'password',
  'dbname',
  'host',
  'port',
  'uri',
  'jdbc-uri',
  'pgpass',
];
const clusters = ofKind('Cluster');
const generatedSecrets = new Map(clusters.map((c) => [`${c.name}-app`, CNPG_APP_SECRET_KEYS]));

function hasSecret(name: string): boolean {
  return secrets.has(name) || generatedSecrets.has(name);
}

function labelOf(resource: Resource): unknown {
  return obj(obj(resource.body.metadata).labels)[NAME_LABEL];
}

function isModelServer(resource: Resource): boolean {
  return (
    obj(obj(resource.body.metadata).labels)['app.kubernetes.io/component'] ===
    MODEL_SERVER_COMPONENT
  );
}

function configMapKeys(name: string): Map<string, string> {
  const body = configMaps.get(name)?.body ?? {};
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries({ ...obj(body.data), ...obj(body.binaryData) }))
    out.set(key, String(value));
  return out;
}

/** A Secret's keys with decoded values (`data` is base64, `stringData` plain). */
function secretKeys(name: string): Map<string, string> {
  const body = secrets.get(name)?.body ?? {};
  const out = new Map<string, string>((generatedSecrets.get(name) ?? []).map((key) => [key, '']));
  for (const [key, value] of Object.entries(obj(body.data)))
    out.set(key, Buffer.from(String(value), 'base64').toString('utf8'));
  for (const [key, value] of Object.entries(obj(body.stringData))) out.set(key, String(value));
  return out;
}

// ---------------------------------------------------------------------------------------------
// What a Deployment hands its container

type EnvSource =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'field'; readonly path: string }
  | { readonly kind: 'configMap'; readonly name: string; readonly key: string }
  | { readonly kind: 'secret'; readonly name: string; readonly key: string }
  | { readonly kind: 'other' };

interface ProvidedVar {
  readonly name: string;
  readonly source: EnvSource;
  /** Where in the manifest it comes from, for messages. */
  readonly via: string;
}

function containerOf(deployment: Resource): Json {
  const containers = list(obj(obj(obj(deployment.body.spec).template).spec).containers);
  return containers.find((c) => c.name === labelOf(deployment)) ?? containers[0] ?? {};
}

function podSpecOf(deployment: Resource): Json {
  return obj(obj(obj(deployment.body.spec).template).spec);
}

/** Every variable the container gets, with where it comes from; `problems` collects dangling refs. */
function providedVars(service: string, container: Json, problems: string[]): ProvidedVar[] {
  const out: ProvidedVar[] = [];
  for (const from of list(container.envFrom)) {
    const prefix = typeof from.prefix === 'string' ? from.prefix : '';
    if (isObject(from.configMapRef)) {
      const name = String(from.configMapRef.name);
      if (!configMaps.has(name))
        problems.push(`${service}: envFrom ConfigMap "${name}" is not defined in deploy/k8s`);
      for (const key of configMapKeys(name).keys())
        out.push({
          name: prefix + key,
          source: { kind: 'configMap', name, key },
          via: `envFrom ConfigMap "${name}"`,
        });
    } else if (isObject(from.secretRef)) {
      const name = String(from.secretRef.name);
      if (!hasSecret(name))
        problems.push(`${service}: envFrom Secret "${name}" is not defined in deploy/k8s`);
      for (const key of secretKeys(name).keys())
        out.push({
          name: prefix + key,
          source: { kind: 'secret', name, key },
          via: `envFrom Secret "${name}"`,
        });
    } else {
      problems.push(`${service}: envFrom entry with neither configMapRef nor secretRef`);
    }
  }
  for (const entry of list(container.env)) {
    const name = String(entry.name);
    const valueFrom = obj(entry.valueFrom);
    let source: EnvSource;
    if ('value' in entry) source = { kind: 'literal', value: String(entry.value) };
    else if (isObject(valueFrom.secretKeyRef)) {
      const ref = valueFrom.secretKeyRef;
      source = { kind: 'secret', name: String(ref.name), key: String(ref.key) };
      if (!hasSecret(source.name))
        problems.push(
          `${service}: ${name} references Secret "${source.name}", not defined in deploy/k8s`,
        );
      else if (!secretKeys(source.name).has(source.key))
        problems.push(
          `${service}: ${name} references key "${source.key}" missing from Secret "${source.name}" (secrets.yaml)`,
        );
    } else if (isObject(valueFrom.configMapKeyRef)) {
      const ref = valueFrom.configMapKeyRef;
      source = { kind: 'configMap', name: String(ref.name), key: String(ref.key) };
      if (!configMapKeys(source.name).has(source.key))
        problems.push(
          `${service}: ${name} references key "${source.key}" missing from ConfigMap "${source.name}"`,
        );
    } else if (isObject(valueFrom.fieldRef)) {
      source = { kind: 'field', path: String(valueFrom.fieldRef.fieldPath) };
    } else source = { kind: 'other' };
    out.push({ name, source, via: 'env' });
  }
  return out;
}

/** The container port a probe or a Service targets: a number, or the name of a container port. */
function resolvePort(container: Json, port: unknown): number | undefined {
  if (typeof port === 'number') return port;
  const named = list(container.ports).find((p) => p.name === port);
  if (named) return Number(named.containerPort);
  if (typeof port === 'string' && /^\d+$/.test(port)) return Number(port);
  return undefined;
}

/** What a variable's parser does when unset: its default, or `required` when it has none. */
function defaultOf(schema: EnvSchema, name: string): { required: true } | { value: unknown } {
  try {
    return { value: schema[name]!.parse(undefined, name) };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'config_invalid') return { required: true };
    throw error;
  }
}

function isLoopback(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    /\/\/(?:[^@/]*@)?(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/]|$)/.test(value)
  );
}

/**
 * Variables a Deployment of the service must set: no default, a loopback default, one of
 * PRODUCTION_REQUIRED, or a setting whose absence runs the embedded default (PRODUCTION_SETTINGS).
 */
function requiredVars(service: ServiceName, schema: EnvSchema): string[] {
  return Object.keys(schema).filter((name) => {
    const fallback = defaultOf(schema, name);
    return (
      'required' in fallback ||
      isLoopback(fallback.value) ||
      PRODUCTION_REQUIRED.has(name) ||
      PRODUCTION_SETTINGS[service].includes(name)
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

const dockerfile = readFileSync(DOCKERFILE, 'utf8');
/** Instructions with continuation lines joined and comments dropped. */
const dockerInstructions = dockerfile
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const lastFrom = dockerInstructions.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true);
const finalStage = dockerInstructions.slice(lastFrom);

/** The path the final stage's CMD (or ENTRYPOINT) runs, with `${SERVICE}` still in it. */
function dockerEntryPattern(): string | undefined {
  const line = [...finalStage].reverse().find((l) => /^(CMD|ENTRYPOINT)\s/i.test(l));
  if (!line) return undefined;
  const args = line.replace(/^(CMD|ENTRYPOINT)\s+/i, '');
  const text = args.startsWith('[') ? (JSON.parse(args) as string[]).join(' ') : args;
  return /(\S*\$\{?SERVICE\}?\S*\.js)\b/.exec(text)?.[1];
}

function dockerUser(): string | undefined {
  const line = [...finalStage].reverse().find((l) => /^USER\s/i.test(l));
  return line?.replace(/^USER\s+/i, '').split(':')[0];
}

function readJson(path: string): Json {
  return obj(JSON.parse(readFileSync(path, 'utf8')));
}

// ---------------------------------------------------------------------------------------------

describe('deploy/k8s manifests', () => {
  it('parse as YAML, and every resource has a kind, a name and the support-agent namespace', () => {
    const problems = [...parseErrors];
    for (const r of resources) {
      if (!r.body.apiVersion || !r.body.kind || r.name === 'undefined')
        problems.push(`${r.file}: a document without apiVersion, kind or metadata.name`);
      if (r.kind !== 'Namespace' && r.namespace !== undefined && r.namespace !== NAMESPACE)
        problems.push(
          `${r.file}: ${r.kind} ${r.name} is in namespace "${r.namespace}", not ${NAMESPACE}`,
        );
    }
    const ids = resources.map((r) => `${r.kind}/${r.name}`);
    for (const id of new Set(ids))
      if (ids.filter((x) => x === id).length > 1) problems.push(`${id} is defined more than once`);
    if (!resources.some((r) => r.kind === 'Namespace' && r.name === NAMESPACE))
      problems.push(`no Namespace ${NAMESPACE}`);
    expect(problems).toEqual([]);
  });

  it('kustomization.yaml lists exactly the manifest files present', () => {
    expect(kustomization.namespace).toBe(NAMESPACE);
    const listed = (Array.isArray(kustomization.resources) ? kustomization.resources : []).map(
      String,
    );
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(manifestFiles);
  });

  it('has exactly one Deployment per service in SERVICE_PORTS and no unknown ones', () => {
    const problems: string[] = [];
    for (const service of SERVICE_NAMES) {
      const count = deployments.filter((d) => labelOf(d) === service).length;
      if (count !== 1)
        problems.push(`${service}: ${count} Deployments labelled ${NAME_LABEL}=${service}`);
    }
    for (const d of deployments)
      if (!SERVICE_NAMES.includes(labelOf(d) as ServiceName) && !isModelServer(d))
        problems.push(
          `${d.file}: Deployment ${d.name} is labelled ${NAME_LABEL}=${String(labelOf(d))}, not a service in SERVICE_PORTS`,
        );
    expect(problems).toEqual([]);
  });

  it('ConfigMaps hold string values and no credentials; the bus points at the nats Service', () => {
    const problems: string[] = [];
    for (const cm of configMaps.values())
      for (const [key, value] of Object.entries(obj(cm.body.data))) {
        if (typeof value !== 'string')
          problems.push(
            `ConfigMap ${cm.name}: ${key} must be a quoted string, got ${typeof value}`,
          );
        if (SECRET_VARS.has(key))
          problems.push(`ConfigMap ${cm.name}: ${key} belongs in the Secret`);
      }
    const natsUrls = [...configMaps.values()]
      .map((cm) => obj(cm.body.data).NATS_URL)
      .filter((v): v is string => typeof v === 'string');
    expect(natsUrls.length).toBeGreaterThan(0);
    for (const natsUrl of natsUrls) expect(new URL(natsUrl).hostname.split('.')[0]).toBe('nats');
    expect(problems).toEqual([]);
  });

  it(`the Secret is a template: every value is a ${SECRET_PLACEHOLDER} placeholder`, () => {
    expect(secrets.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const name of secrets.keys())
      for (const [key, value] of secretKeys(name))
        if (!value.includes(SECRET_PLACEHOLDER))
          problems.push(
            `Secret ${name}: ${key} holds a real-looking value; commit only ${SECRET_PLACEHOLDER} placeholders`,
          );
    expect(problems).toEqual([]);
  });

  describe.each(SERVICE_NAMES)('%s', (service) => {
    const port = SERVICE_PORTS[service];
    const schema = ENV_SCHEMAS[service];
    const deployment = deployments.find((d) => labelOf(d) === service);
    const container = deployment ? containerOf(deployment) : {};

    it('Deployment selects its pods and runs image support-agent/<service>:<tag>', () => {
      expect(deployment).toBeDefined();
      const spec = obj(deployment?.body.spec);
      const containers = list(podSpecOf(deployment!).containers);
      expect(containers).toHaveLength(1);
      expect(obj(obj(spec.selector).matchLabels)[NAME_LABEL]).toBe(service);
      expect(obj(obj(obj(spec.template).metadata).labels)[NAME_LABEL]).toBe(service);
      expect({ service, image: container.image }).toEqual({
        service,
        image: expect.stringMatching(
          new RegExp(`^support-agent/${service}:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$`),
        ),
      });
    });

    it(`listens on SERVICE_PORTS.${service} (${port}), probed on /health/live and /health/ready`, () => {
      const problems: string[] = [];
      const ports = list(container.ports).map((p) => Number(p.containerPort));
      const expected = [port, ...Object.values(EXTRA_PORTS[service] ?? {})];
      if (ports.join(',') !== expected.join(','))
        problems.push(
          `${service}: containerPort ${ports.join(',') || 'none'}, expected ${expected.join(',')}`,
        );
      const portVar = list(container.env).find((e) => e.name === 'PORT');
      if (!portVar || String(portVar.value) !== String(port))
        problems.push(
          `${service}: env PORT is ${portVar ? String(portVar.value) : 'unset'}, expected "${port}"`,
        );
      for (const [probe, path] of [
        ['livenessProbe', '/health/live'],
        ['readinessProbe', '/health/ready'],
      ] as const) {
        const httpGet = obj(obj(container[probe]).httpGet);
        if (httpGet.path !== path)
          problems.push(`${service}: ${probe} path is ${String(httpGet.path)}, expected ${path}`);
        const probePort = resolvePort(container, httpGet.port);
        if (probePort !== port)
          problems.push(`${service}: ${probe} port is ${String(httpGet.port)}, expected ${port}`);
      }
      expect(problems).toEqual([]);
    });

    it('has resource requests and limits, and runs as non-root', () => {
      const problems: string[] = [];
      const resourcesSpec = obj(container.resources);
      for (const bound of ['requests', 'limits'])
        for (const what of ['cpu', 'memory'])
          if (obj(resourcesSpec[bound])[what] === undefined)
            problems.push(`${service}: resources.${bound}.${what} is not set`);
      const pod = obj(podSpecOf(deployment!).securityContext);
      const own = obj(container.securityContext);
      if ((own.runAsNonRoot ?? pod.runAsNonRoot) !== true)
        problems.push(`${service}: securityContext.runAsNonRoot is not true`);
      const uid = own.runAsUser ?? pod.runAsUser;
      if (uid === 0) problems.push(`${service}: runAsUser is 0`);
      if (uid !== undefined && String(uid) !== dockerUser())
        problems.push(
          `${service}: runAsUser ${String(uid)} differs from the Dockerfile's USER ${dockerUser()}`,
        );
      if (own.allowPrivilegeEscalation !== false)
        problems.push(`${service}: allowPrivilegeEscalation is not false`);
      expect(problems).toEqual([]);
    });

    it('sets only variables its env schema reads, and every variable it must have', () => {
      const problems: string[] = [];
      const provided = providedVars(service, container, problems);
      const known = new Set(Object.keys(schema));
      for (const v of provided) {
        if (!known.has(v.name))
          problems.push(
            `${service}: ${v.name} (from ${v.via}) is not read by the ${service} env schema`,
          );
        if (SECRET_VARS.has(v.name) && v.source.kind !== 'secret')
          problems.push(`${service}: ${v.name} (from ${v.via}) must come from a Secret`);
        // Values written in the manifests must pass the service's own validation.
        const value =
          v.source.kind === 'literal'
            ? v.source.value
            : v.source.kind === 'configMap'
              ? configMapKeys(v.source.name).get(v.source.key)
              : undefined;
        if (known.has(v.name) && value !== undefined) {
          try {
            schema[v.name]!.parse(value, v.name);
          } catch (error) {
            problems.push(
              `${service}: ${v.name}="${value}" (from ${v.via}) is rejected: ${(error as Error).message}`,
            );
          }
        }
      }
      const directNames = list(container.env).map((e) => String(e.name));
      for (const name of new Set(directNames))
        if (directNames.filter((n) => n === name).length > 1)
          problems.push(`${service}: env ${name} is set twice`);
      const providedNames = new Set(provided.map((v) => v.name));
      const required = requiredVars(service, schema);
      expect(required).toContain('NATS_URL');
      for (const name of required)
        if (!providedNames.has(name))
          problems.push(
            `${service}: ${name} is required in the cluster but the Deployment does not set it`,
          );
      expect(problems).toEqual([]);
    });

    it("has a ClusterIP Service whose targetPort is the container's port", () => {
      const matching = services.filter(
        (s) => obj(obj(s.body.spec).selector)[NAME_LABEL] === service,
      );
      expect(matching.map((s) => s.name)).toEqual([service]);
      const spec = obj(matching[0]?.body.spec);
      expect(spec.type ?? 'ClusterIP').toBe('ClusterIP');
      const ports = list(spec.ports);
      const extras = EXTRA_PORTS[service] ?? {};
      expect(ports).toHaveLength(1 + Object.keys(extras).length);
      for (const [name, extra] of Object.entries(extras))
        expect({ service, name, port: ports.find((p) => p.name === name)?.port }).toEqual({
          service,
          name,
          port: extra,
        });
      expect({
        service,
        targetPort: resolvePort(container, ports[0]!.targetPort ?? ports[0]!.port),
      }).toEqual({
        service,
        targetPort: port,
      });
      expect({ service, port: ports[0]!.port }).toEqual({
        service,
        port: SERVICE_FRONT_PORTS[service] ?? port,
      });
    });

    it('the image CMD resolves to services/<service>/src/main.ts, which the build compiles', () => {
      const pattern = dockerEntryPattern();
      expect(pattern).toBeDefined();
      const built = pattern!.replace(/\$\{SERVICE\}|\$SERVICE\b/g, service);
      expect(built).toBe(`services/${service}/dist/main.js`);
      const tsconfig = readJson(join(REPO_ROOT, 'services', service, 'tsconfig.json'));
      const options = obj(tsconfig.compilerOptions);
      const source = built
        .replace(new RegExp(`/${String(options.outDir)}/`), `/${String(options.rootDir)}/`)
        .replace(/\.js$/, '.ts');
      expect({ service, source, exists: existsSync(join(REPO_ROOT, source)) }).toEqual({
        service,
        source: `services/${service}/src/main.ts`,
        exists: true,
      });
      const references = list(readJson(join(REPO_ROOT, 'tsconfig.build.json')).references).map(
        (r) => r.path,
      );
      expect(references).toContain(`services/${service}`);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Past one machine: the stateful parts, disruption budgets, autoscaling, per-pod identity

const statefulSets = ofKind('StatefulSet');
const pdbs = ofKind('PodDisruptionBudget');
const hpas = ofKind('HorizontalPodAutoscaler');

/** Pod-template containers of a Deployment or StatefulSet. */
function containersOf(workload: Resource): Json[] {
  return list(obj(obj(obj(workload.body.spec).template).spec).containers);
}

function matchLabelsOf(resource: Resource): Json {
  return obj(obj(obj(resource.body.spec).selector).matchLabels);
}

/** Whether every matchLabels entry of `selector` is a label of the workload's pod template. */
function selects(selector: Json, workload: Resource): boolean {
  const podLabels = obj(obj(obj(obj(workload.body.spec).template).metadata).labels);
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([key, value]) => podLabels[key] === value);
}

describe('deploy/k8s past one machine', () => {
  it('every service Deployment runs 2 replicas, with a PodDisruptionBudget and an HPA that match it', () => {
    const problems: string[] = [];
    for (const service of SERVICE_NAMES) {
      const deployment = deployments.find((d) => labelOf(d) === service);
      if (!deployment) continue; // reported by the per-service tests
      if (obj(deployment.body.spec).replicas !== 2)
        problems.push(
          `${service}: Deployment replicas is ${String(obj(deployment.body.spec).replicas)}, expected 2`,
        );
      const ownPdbs = pdbs.filter((p) => selects(matchLabelsOf(p), deployment));
      if (ownPdbs.length !== 1)
        problems.push(
          `${service}: ${ownPdbs.length} PodDisruptionBudgets select its pods, expected 1`,
        );
      for (const pdb of ownPdbs) {
        const spec = obj(pdb.body.spec);
        if (pdb.body.apiVersion !== 'policy/v1')
          problems.push(
            `${service}: PodDisruptionBudget apiVersion is ${String(pdb.body.apiVersion)}`,
          );
        if (!(String(spec.minAvailable) === '1' || String(spec.maxUnavailable) === '1'))
          problems.push(`${service}: PodDisruptionBudget needs minAvailable 1 or maxUnavailable 1`);
      }
      const ownHpas = hpas.filter((h) => {
        const ref = obj(obj(h.body.spec).scaleTargetRef);
        return ref.kind === 'Deployment' && ref.name === deployment.name;
      });
      if (ownHpas.length !== 1)
        problems.push(
          `${service}: ${ownHpas.length} HPAs target Deployment ${deployment.name}, expected 1`,
        );
      for (const hpa of ownHpas) {
        const spec = obj(hpa.body.spec);
        if (hpa.body.apiVersion !== 'autoscaling/v2')
          problems.push(
            `${service}: HPA apiVersion is ${String(hpa.body.apiVersion)}, expected autoscaling/v2`,
          );
        if (obj(spec.scaleTargetRef).apiVersion !== 'apps/v1')
          problems.push(`${service}: HPA scaleTargetRef.apiVersion is not apps/v1`);
        if (spec.minReplicas !== 2 || spec.maxReplicas !== 6)
          problems.push(
            `${service}: HPA scales ${String(spec.minReplicas)}..${String(spec.maxReplicas)}, expected 2..6`,
          );
        const cpu = list(spec.metrics).find(
          (m) => m.type === 'Resource' && obj(m.resource).name === 'cpu',
        );
        const target = obj(obj(cpu?.resource).target);
        if (target.type !== 'Utilization' || target.averageUtilization !== 70)
          problems.push(`${service}: HPA does not target 70% CPU utilisation`);
      }
    }
    for (const r of [...pdbs, ...hpas])
      if (
        r.kind === 'PodDisruptionBudget'
          ? ![...deployments, ...statefulSets].some((w) => selects(matchLabelsOf(r), w))
          : !deployments.some((d) => d.name === obj(obj(r.body.spec).scaleTargetRef).name)
      )
        problems.push(`${r.file}: ${r.kind} ${r.name} matches no workload`);
    expect(problems).toEqual([]);
  });

  it('per-instance variables come from the pod name (fieldRef metadata.name)', () => {
    const problems: string[] = [];
    const instanceVars: string[] = [];
    for (const service of SERVICE_NAMES) {
      const deployment = deployments.find((d) => labelOf(d) === service);
      if (!deployment) continue;
      const env = list(containerOf(deployment).env);
      for (const name of Object.keys(ENV_SCHEMAS[service]).filter((n) => n.endsWith('_INSTANCE'))) {
        instanceVars.push(name);
        const entry = env.find((e) => e.name === name);
        const fieldPath = obj(obj(entry?.valueFrom).fieldRef).fieldPath;
        if (fieldPath !== 'metadata.name')
          problems.push(
            `${service}: ${name} must be the pod name (valueFrom.fieldRef.fieldPath metadata.name), got ${entry ? JSON.stringify(entry) : 'unset'}`,
          );
      }
    }
    expect(instanceVars.sort()).toEqual(
      expect.arrayContaining(['AGENT_INSTANCE', 'GATEWAY_INSTANCE', 'RETRIEVAL_INSTANCE']),
    );
    expect(problems).toEqual([]);
  });

  it('every Deployment and StatefulSet container has resource requests/limits and probes', () => {
    const problems: string[] = [];
    for (const workload of [...deployments, ...statefulSets])
      for (const container of containersOf(workload)) {
        const id = `${workload.kind} ${workload.name}, container ${String(container.name)}`;
        const resourcesSpec = obj(container.resources);
        for (const bound of ['requests', 'limits'])
          for (const what of ['cpu', 'memory'])
            if (obj(resourcesSpec[bound])[what] === undefined)
              problems.push(`${id}: resources.${bound}.${what} is not set`);
        for (const probe of ['livenessProbe', 'readinessProbe']) {
          const spec = obj(container[probe]);
          if (!isObject(spec.httpGet) && !isObject(spec.exec) && !isObject(spec.tcpSocket))
            problems.push(`${id}: no ${probe}`);
        }
      }
    expect(problems).toEqual([]);
  });

  it('NATS and Qdrant are the chart releases the URLs name; the stream fits the NATS cluster', () => {
    const config = configMapKeys('support-agent-config');
    const natsUrl = new URL(config.get('NATS_URL') ?? 'x:');
    expect({ host: natsUrl.hostname, port: natsUrl.port || '4222' }).toEqual({
      host: release('nats').name,
      port: String(at(valuesOf('nats'), 'config.nats.port') ?? 4222),
    });
    // A replicated stream needs at least that many servers.
    expect(Number(config.get('BUS_STREAM_REPLICAS'))).toBe(
      at(valuesOf('nats'), 'config.cluster.replicas'),
    );
    expect(deployedValue('retrieval', 'QDRANT_URL')).toBe(`http://${release('qdrant').name}:6333`);
  });

  it('PostgreSQL is a CloudNativePG Cluster, pinned, whose application Secret is every DATABASE_URL', () => {
    expect(clusters.map((c) => [c.name, c.body.apiVersion])).toEqual([
      ['postgres', 'postgresql.cnpg.io/v1'],
    ]);
    const spec = obj(clusters[0]!.body.spec);
    expect(Number(spec.instances)).toBeGreaterThanOrEqual(3);
    expect(String(spec.imageName)).toMatch(
      /^ghcr\.io\/cloudnative-pg\/postgresql:\d+\.\d+-\w+-\w+$/,
    );
    expect(obj(obj(spec.bootstrap).initdb)).toMatchObject({
      database: 'support',
      owner: 'support',
    });
    expect(obj(spec.storage).size).toEqual(expect.any(String));
    const problems: string[] = [];
    for (const workload of [...deployments, ...ofKind('Job')]) {
      const vars = providedVars(workload.name, containersOf(workload)[0] ?? {}, problems);
      const source = vars.find((v) => v.name === 'DATABASE_URL')?.source;
      if (
        source &&
        !(source.kind === 'secret' && source.name === 'postgres-app' && source.key === 'uri')
      )
        problems.push(
          `${workload.name}: DATABASE_URL is ${JSON.stringify(source)}, not Secret postgres-app key uri`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('every image is pinned to an exact version', () => {
    const images = [
      ...[...deployments, ...ofKind('Job')].flatMap((w) =>
        containersOf(w).map((c) => String(c.image)),
      ),
      ...clusters.map((c) => String(obj(c.body.spec).imageName)),
    ];
    const loose = images.filter(
      (image) =>
        !/:(?:v|cpu-)?\d+\.\d+\.\d+(?:-[\w.-]+)?$|:\d+\.\d+-\w+-\w+$|@sha256:[0-9a-f]{64}$/.test(
          image,
        ),
    );
    expect(loose).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The bus's users (generated from BUS_ACCESS) and who may reach whom

/** The NATS servers' environment, as the chart renders container.env from the values. */
const natsServerEnv: ProvidedVar[] = Object.entries(obj(at(valuesOf('nats'), 'container.env'))).map(
  ([name, value]) => {
    const ref = obj(obj(obj(value).valueFrom).secretKeyRef);
    return {
      name,
      source:
        typeof value === 'string'
          ? { kind: 'literal' as const, value }
          : { kind: 'secret' as const, name: String(ref.name), key: String(ref.key) },
      via: 'deploy/helm/nats values container.env',
    };
  },
);

function secretRefOf(vars: ProvidedVar[], name: string): string | undefined {
  const source = vars.find((v) => v.name === name)?.source;
  return source?.kind === 'secret' ? `${source.name}/${source.key}` : undefined;
}

describe('deploy/k8s preflight', () => {
  it('the doctor Job runs `cli doctor` as an operator pod, with the settings of every part it checks', () => {
    const job = ofKind('Job').find((j) => j.name === 'support-agent-doctor')!;
    expect(job).toBeDefined();
    const pod = obj(obj(job.body.spec).template);
    expect(obj(obj(pod.metadata).labels)['app.kubernetes.io/component']).toBe('ops');
    const container = list(obj(pod.spec).containers)[0]!;
    expect(argsOf(container)).toEqual(['node', 'apps/cli/dist/main.js', 'doctor']);
    expect(String(container.image)).toMatch(/^support-agent\/[a-z-]+:/);
    const fromConfigMaps = new Set(
      list(container.envFrom).flatMap((source) => [
        ...configMapKeys(String(obj(source.configMapRef).name)).keys(),
      ]),
    );
    const fromEnv = new Set(list(container.env).map((entry) => String(entry.name)));
    const needed = [
      ...MODEL_WIRING.flatMap((w) => [w.urlVar, ...(w.modelVar ? [w.modelVar] : [])]),
      'MODEL_CONTEXT_TOKENS',
      'QDRANT_URL',
      'QDRANT_API_KEY',
      'SLACK_BOT_TOKEN',
      'SLACK_CHANNEL',
      'SLACK_ADMIN_USER_IDS',
      'NATS_URL',
      'BUS_STREAM_REPLICAS',
      'NATS_USER',
      'NATS_PASSWORD',
      'DATABASE_URL',
    ].filter((name) => name !== 'CLASSIFIER_LLM_BASE_URL' && name !== 'CLASSIFIER_LLM_MODEL');
    expect(needed.filter((name) => !fromConfigMaps.has(name) && !fromEnv.has(name))).toEqual([]);
  });
});

describe('deploy/k8s NATS users and permissions', () => {
  it('the server reads each user password from that user’s own Secret', () => {
    const problems: string[] = [];
    const refs = new Map<string, BusUser>();
    for (const user of BUS_USERS) {
      const variable = passwordEnvVar(user);
      const ref = secretRefOf(natsServerEnv, variable);
      if (ref === undefined)
        problems.push(`nats: ${variable} (password of ${user}) does not come from a Secret`);
      else if (!secretKeys(ref.split('/')[0]!).has(ref.split('/')[1]!))
        problems.push(`nats: ${variable} references ${ref}, which secrets.yaml does not define`);
      else if (refs.has(ref)) problems.push(`nats: ${user} and ${refs.get(ref)} share ${ref}`);
      else refs.set(ref, user);
    }
    expect(problems).toEqual([]);
  });

  it('each service connects as its own user, with the password the server has for it', () => {
    const problems: string[] = [];
    for (const service of SERVICE_NAMES) {
      const deployment = deployments.find((d) => labelOf(d) === service);
      if (!deployment) continue;
      const vars = providedVars(service, containerOf(deployment), problems);
      const user = vars.find((v) => v.name === 'NATS_USER')?.source;
      if (user?.kind !== 'literal' || user.value !== service)
        problems.push(`${service}: NATS_USER must be "${service}", got ${JSON.stringify(user)}`);
      const own = secretRefOf(vars, 'NATS_PASSWORD');
      const servers = secretRefOf(natsServerEnv, passwordEnvVar(service));
      if (own === undefined || own !== servers)
        problems.push(
          `${service}: NATS_PASSWORD comes from ${own ?? 'no Secret'}, the server's ${passwordEnvVar(service)} from ${servers ?? 'no Secret'}`,
        );
    }
    expect(problems).toEqual([]);
  });
});

const OPS_PODS = 'ops';
const ANYWHERE = 'anywhere';
/** The cluster's Prometheus: pods named `prometheus` in the `monitoring` namespace. */
const PROMETHEUS = 'prometheus';
const PROMETHEUS_PEER = {
  namespace: { 'kubernetes.io/metadata.name': 'monitoring' },
  pods: { [NAME_LABEL]: 'prometheus' },
};
/** The CloudNativePG operator: its pods in `cnpg-system`, where deploy/helm/helmfile.yaml puts it. */
const CNPG_OPERATOR = 'cnpg-operator';
const CNPG_OPERATOR_PEER = {
  namespace: { 'kubernetes.io/metadata.name': release('cnpg').namespace },
  pods: { [NAME_LABEL]: 'cloudnative-pg' },
};

/**
 * Pods the charts and the operator run, by name, with the labels they carry and the ports they
 * listen on: the NATS chart's `app.kubernetes.io/name: nats` (natsBox off), the Qdrant chart's
 * `qdrant`, and CloudNativePG's `cnpg.io/cluster: <cluster>` instances (5432, status on 8000).
 */
const CHART_PODS: Record<string, { labels: Json; ports: number[] }> = {
  nats: { labels: { [NAME_LABEL]: 'nats' }, ports: [4222, 6222, 8222] },
  qdrant: { labels: { [NAME_LABEL]: 'qdrant' }, ports: [6333, 6334, 6335] },
  ...Object.fromEntries(
    clusters.map((c) => [c.name, { labels: { 'cnpg.io/cluster': c.name }, ports: [5432, 8000] }]),
  ),
};

/** A peer naming pods of another namespace, matched against one we know. */
function namespacedPeer(peer: Json, known: { namespace: Json; pods: Json }): boolean {
  return (
    isObject(peer.namespaceSelector) &&
    isObject(peer.podSelector) &&
    selectorMatches(peer.namespaceSelector, known.namespace) &&
    selectorMatches(peer.podSelector, known.pods) &&
    Object.keys(obj(peer.namespaceSelector.matchLabels)).length > 0 &&
    Object.keys(obj(peer.podSelector.matchLabels)).length > 0
  );
}

/** Whether a label selector (matchLabels, matchExpressions with In / NotIn / Exists) selects `labels`. */
function selectorMatches(selector: Json, labels: Json): boolean {
  const byLabels = Object.entries(obj(selector.matchLabels)).every(([k, v]) => labels[k] === v);
  const byExpressions = list(selector.matchExpressions).every((e) => {
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    const value = labels[String(e.key)];
    if (e.operator === 'In') return values.includes(String(value));
    if (e.operator === 'NotIn') return !values.includes(String(value));
    if (e.operator === 'Exists') return value !== undefined;
    return value === undefined; // DoesNotExist
  });
  return byLabels && byExpressions;
}

/** The namespace's pods, by name: every workload's template labels, and the operators' pods. */
const podLabels = new Map<string, Json>([
  ...[...deployments, ...statefulSets].map(
    (w) => [w.name, obj(obj(obj(obj(w.body.spec).template).metadata).labels)] as const,
  ),
  ...Object.entries(CHART_PODS).map(([name, pod]) => [name, pod.labels] as const),
  [OPS_PODS, { 'app.kubernetes.io/component': 'ops' }],
]);

/** Who may open a connection to `target`'s pods on `port`: pod names, or ANYWHERE. */
function allowedPeers(target: string, port: number): Set<string> {
  const labels = podLabels.get(target) ?? {};
  const peers = new Set<string>();
  for (const policy of ofKind('NetworkPolicy')) {
    const spec = obj(policy.body.spec);
    if (!selectorMatches(obj(spec.podSelector), labels)) continue;
    for (const rule of list(spec.ingress)) {
      const ports = list(rule.ports).map((p) => Number(p.port));
      if (ports.length > 0 && !ports.includes(port)) continue;
      const from = list(rule.from);
      if (from.length === 0) peers.add(ANYWHERE);
      for (const peer of from) {
        if (namespacedPeer(peer, PROMETHEUS_PEER)) peers.add(PROMETHEUS);
        else if (namespacedPeer(peer, CNPG_OPERATOR_PEER)) peers.add(CNPG_OPERATOR);
        else if (!isObject(peer.podSelector) || isObject(peer.namespaceSelector))
          peers.add(ANYWHERE);
        else
          for (const [name, podLabel] of podLabels)
            if (selectorMatches(peer.podSelector, podLabel)) peers.add(name);
      }
    }
  }
  return peers;
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('deploy/k8s NetworkPolicy', () => {
  it('denies all ingress by default', () => {
    const defaults = ofKind('NetworkPolicy').filter((p) => {
      const spec = obj(p.body.spec);
      return (
        Object.keys(obj(spec.podSelector)).length === 0 &&
        Array.isArray(spec.policyTypes) &&
        spec.policyTypes.includes('Ingress') &&
        list(spec.ingress).length === 0
      );
    });
    expect(defaults.map((p) => p.name)).toHaveLength(1);
  });

  it('only the services and operators reach NATS; only the services with a DATABASE_URL reach Postgres; only retrieval and operators reach Qdrant', () => {
    const uses = (variable: string) =>
      SERVICE_NAMES.filter((service) => {
        const deployment = deployments.find((d) => labelOf(d) === service);
        return (
          deployment !== undefined &&
          providedVars(service, containerOf(deployment), []).some((v) => v.name === variable)
        );
      }).map((service) => deployments.find((d) => labelOf(d) === service)!.name);
    expect(sorted(allowedPeers('nats', 4222))).toEqual(sorted([...uses('NATS_URL'), OPS_PODS]));
    // And the instances' own replication, and the operator.
    expect(sorted(allowedPeers('postgres', 5432))).toEqual(
      sorted([...uses('DATABASE_URL'), OPS_PODS, 'postgres', CNPG_OPERATOR]),
    );
    expect(sorted(allowedPeers('postgres', 8000))).toEqual([CNPG_OPERATOR]);
    expect(sorted(allowedPeers('qdrant', 6333))).toEqual(sorted([...uses('QDRANT_URL'), OPS_PODS]));
    expect(sorted(allowedPeers('nats', 6222))).toEqual(['nats']);
  });

  it("only the gateway, the Slack events port of the escalation service and WhatsApp's webhook take traffic from outside", () => {
    const open: string[] = [];
    for (const workload of [...deployments, ...statefulSets])
      for (const container of containersOf(workload))
        for (const port of list(container.ports).map((p) => Number(p.containerPort)))
          if (allowedPeers(workload.name, port).has(ANYWHERE))
            open.push(`${workload.name}:${port}`);
    for (const [name, pod] of Object.entries(CHART_PODS))
      for (const port of pod.ports)
        if (allowedPeers(name, port).has(ANYWHERE)) open.push(`${name}:${port}`);
    expect(sorted(open)).toEqual(
      sorted([
        `gateway:${SERVICE_PORTS.gateway}`,
        ...Object.values(EXTRA_PORTS.escalation ?? {}).map((port) => `escalation:${port}`),
        `whatsapp:${SERVICE_PORTS.whatsapp}`,
      ]),
    );
  });
});

describe('deploy/k8s metrics', () => {
  it.each(SERVICE_NAMES)(
    '%s: its pods ask to be scraped on their own port at /metrics, and Prometheus may reach it',
    (service) => {
      const deployment = deployments.find((d) => labelOf(d) === service)!;
      const annotations = obj(obj(obj(obj(deployment.body.spec).template).metadata).annotations);
      expect({
        scrape: annotations['prometheus.io/scrape'],
        port: annotations['prometheus.io/port'],
        path: annotations['prometheus.io/path'],
      }).toEqual({ scrape: 'true', port: String(SERVICE_PORTS[service]), path: '/metrics' });
      expect(allowedPeers(deployment.name, SERVICE_PORTS[service]).has(PROMETHEUS)).toBe(true);
    },
  );

  it("the Gateway answers the gateway's /metrics to nobody outside: its rule has no backend", () => {
    const rules = routeRules.filter((r) => r.path === '/metrics');
    expect(rules.map((r) => [r.type, r.backends.length])).toEqual([['Exact', 0]]);
  });
});

// The image recipe itself (layer order, what each image carries): deploy/docker/image.unit.spec.ts.

// ---------------------------------------------------------------------------------------------
// Production parts: the models, Qdrant, Slack, and the way in

/** A variable's value in a service's Deployment: a literal or a ConfigMap key; undefined otherwise. */
function deployedValue(service: ServiceName, name: string): string | undefined {
  const deployment = deployments.find((d) => labelOf(d) === service);
  if (!deployment) return undefined;
  const source = providedVars(service, containerOf(deployment), []).find(
    (v) => v.name === name,
  )?.source;
  if (source?.kind === 'literal') return source.value;
  if (source?.kind === 'configMap') return configMapKeys(source.name).get(source.key);
  return undefined;
}

/** Container args (command + args) as strings. */
function argsOf(container: Json): string[] {
  return [
    ...(Array.isArray(container.command) ? container.command : []),
    ...(Array.isArray(container.args) ? container.args : []),
  ].map(String);
}

/**
 * What a URL reaches inside the namespace: the Service named by its host (`name`, or
 * `name.support-agent[.svc…]`), the Service port it names, and the Deployment container and
 * container port behind it. Anything unresolved is a problem sentence.
 */
function resolveInCluster(
  url: string,
): { workload: Resource; container: Json; containerPort: number } | string {
  const parsed = new URL(url);
  const [host, namespace] = parsed.hostname.split('.');
  if (namespace !== undefined && namespace !== NAMESPACE)
    return `${url}: host is not a Service of ${NAMESPACE}`;
  const service = services.find((s) => s.name === host);
  if (!service) return `${url}: no Service ${host}`;
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  const servicePort = list(obj(service.body.spec).ports).find((p) => Number(p.port) === port);
  if (!servicePort) return `${url}: Service ${host} has no port ${port}`;
  const selector = obj(obj(service.body.spec).selector);
  const workload = [...deployments, ...statefulSets].find((w) => selects(selector, w));
  if (!workload) return `${url}: Service ${host} selects no workload`;
  const container = containersOf(workload)[0] ?? {};
  const containerPort = resolvePort(container, servicePort.targetPort ?? servicePort.port);
  if (
    containerPort === undefined ||
    !list(container.ports).some((p) => p.containerPort === containerPort)
  )
    return `${url}: Service ${host}:${port} targets no port of ${workload.name}`;
  return { workload, container, containerPort };
}

describe('deploy/k8s production parts', () => {
  it('every production setting names a variable its service reads', () => {
    const unknown = SERVICE_NAMES.flatMap((service) =>
      PRODUCTION_SETTINGS[service]
        .filter((name) => !(name in ENV_SCHEMAS[service]))
        .map((name) => `${service}: ${name}`),
    );
    expect(unknown).toEqual([]);
    expect(MODEL_WIRING.every((w) => PRODUCTION_SETTINGS[w.service].includes(w.urlVar))).toBe(true);
  });

  it.each(MODEL_WIRING.map((w) => [`${w.service} ${w.urlVar}`, w] as const))(
    '%s reaches a pinned model server serving the design’s model',
    (_label, wiring) => {
      const problems: string[] = [];
      const url = deployedValue(wiring.service, wiring.urlVar);
      expect({ variable: wiring.urlVar, url }).toEqual({
        variable: wiring.urlVar,
        url: expect.any(String),
      });
      if (wiring.openAiBase && !new URL(url!).pathname.replace(/\/+$/, '').endsWith('/v1'))
        problems.push(`${wiring.urlVar}=${url}: an OpenAI-compatible base ends in /v1`);
      const target = resolveInCluster(url!);
      if (typeof target === 'string') problems.push(target);
      else {
        const image = String(target.container.image);
        if (!MODEL_SERVER_IMAGES[wiring.server].test(image))
          problems.push(`${target.workload.name}: image ${image} is not a pinned ${wiring.server}`);
        if (!isModelServer(target.workload))
          problems.push(`${target.workload.name}: not labelled as a model server`);
        const args = argsOf(target.container);
        const served = servedModel(wiring.server, args);
        if (!modelMatches(wiring.model, served))
          problems.push(
            `${target.workload.name} serves ${served}, the design says ${String(wiring.model)}`,
          );
        if (wiring.modelVar !== undefined) {
          const sent = deployedValue(wiring.service, wiring.modelVar);
          if (sent !== served)
            problems.push(
              `${wiring.service}: ${wiring.modelVar}=${sent}, the server serves ${served}`,
            );
        }
        if (flagValue(args, '--port') !== String(target.containerPort))
          problems.push(
            `${target.workload.name}: --port is not its containerPort ${target.containerPort}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );

  it('vLLM serves a pinned 4-bit checkpoint on one T4: half precision, memory and context that fit, photos capped, tools on', () => {
    const target = resolveInCluster(deployedValue('agent', 'LLM_BASE_URL') ?? 'http://none');
    expect(typeof target).not.toBe('string');
    if (typeof target === 'string') return;
    const args = argsOf(target.container);
    const context = Number(
      ENV_SCHEMAS.agent['MODEL_CONTEXT_TOKENS']!.parse(
        deployedValue('agent', 'MODEL_CONTEXT_TOKENS'),
        'MODEL_CONTEXT_TOKENS',
      ),
    );
    expect(vllmServingProblems(args, context)).toEqual([]);
    const limits = obj(obj(target.container.resources).limits);
    expect(String(limits['nvidia.com/gpu'])).toBe('1');
    const pod = obj(obj(obj(target.workload.body.spec).template).spec);
    expect(obj(pod.nodeSelector)['nvidia.com/gpu.product']).toBe('Tesla-T4');
    // The pinned commit comes from vllm-config, a placeholder until the operator sets it.
    expect(flagValue(args, '--revision')).toBe('$(LLM_CHECKPOINT_REVISION)');
    const revision = list(target.container.env).find((e) => e.name === 'LLM_CHECKPOINT_REVISION');
    expect(obj(obj(revision?.valueFrom).configMapKeyRef)).toEqual({
      name: 'vllm-config',
      key: 'LLM_CHECKPOINT_REVISION',
    });
    const value = configMapKeys('vllm-config').get('LLM_CHECKPOINT_REVISION');
    expect(value).toMatch(/^(?:[0-9a-f]{40}|REPLACE_ME_CHECKPOINT_COMMIT)$/);
  });

  it('the embeddings and reranker hosts run on CPU nodes, off the GPU node, with an explicit per-request limit', () => {
    for (const name of ['embeddings', 'reranker']) {
      const workload = deployments.find((d) => d.name === name)!;
      const container = containersOf(workload)[0]!;
      const pod = obj(obj(obj(workload.body.spec).template).spec);
      expect({ name, gpu: obj(obj(container.resources).limits)['nvidia.com/gpu'] }).toEqual({
        name,
        gpu: undefined,
      });
      const terms = list(
        obj(obj(obj(pod.affinity).nodeAffinity).requiredDuringSchedulingIgnoredDuringExecution)
          .nodeSelectorTerms,
      );
      expect(list(terms[0]?.matchExpressions)).toContainEqual({
        key: 'nvidia.com/gpu.present',
        operator: 'NotIn',
        values: ['true'],
      });
      expect(Number(flagValue(argsOf(container), '--max-client-batch-size'))).toBeGreaterThan(0);
    }
  });

  it('the model servers are reachable only by the services whose URLs name them', () => {
    for (const server of deployments.filter(isModelServer)) {
      const port = Number(list(containersOf(server)[0]?.ports)[0]?.containerPort);
      const callers = MODEL_WIRING.filter((w) => {
        const target = resolveInCluster(deployedValue(w.service, w.urlVar) ?? 'http://none');
        return typeof target !== 'string' && target.workload.name === server.name;
      }).map((w) => deployments.find((d) => labelOf(d) === w.service)!.name);
      // And the operators' pods, where `cli doctor` checks them from.
      expect({ server: server.name, peers: sorted(allowedPeers(server.name, port)) }).toEqual({
        server: server.name,
        peers: sorted(new Set([...callers, OPS_PODS])),
      });
    }
    expect(
      deployments
        .filter(isModelServer)
        .map((d) => d.name)
        .sort(),
    ).toEqual(['embeddings', 'reranker', 'vllm']);
  });

  it('retrieval sends the API key the Qdrant chart configures the server with', () => {
    const serverKey = obj(at(valuesOf('qdrant'), 'apiKey.valueFrom.secretKeyRef'));
    const retrieval = deployments.find((d) => labelOf(d) === 'retrieval')!;
    const clientVars = providedVars('retrieval', containerOf(retrieval), []);
    expect(secretRefOf(clientVars, 'QDRANT_API_KEY')).toBe(
      `${String(serverKey.name)}/${String(serverKey.key)}`,
    );
    expect(secretKeys(String(serverKey.name)).has(String(serverKey.key))).toBe(true);
  });

  it('WhatsApp: the four credentials from a Secret, the template configured', () => {
    const whatsapp = deployments.find((d) => labelOf(d) === 'whatsapp')!;
    const vars = providedVars('whatsapp', containerOf(whatsapp), []);
    for (const name of [
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
    ])
      expect({ name, source: vars.find((v) => v.name === name)?.source.kind }).toEqual({
        name,
        source: 'secret',
      });
    expect(deployedValue('whatsapp', 'WHATSAPP_TEMPLATE_NAME')).toEqual(expect.any(String));
  });

  it('Slack: credentials from a Secret, channel and admins configured, the receiver reachable', () => {
    const escalation = deployments.find((d) => labelOf(d) === 'escalation')!;
    const vars = providedVars('escalation', containerOf(escalation), []);
    for (const name of ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET'])
      expect({ name, source: vars.find((v) => v.name === name)?.source.kind }).toEqual({
        name,
        source: 'secret',
      });
    expect(deployedValue('escalation', 'SLACK_EVENTS_HOST')).toBe('0.0.0.0');
    for (const name of ['SLACK_CHANNEL', 'SLACK_ADMIN_USER_IDS'])
      expect({ name, value: deployedValue('escalation', name) }).toEqual({
        name,
        value: expect.any(String),
      });
  });
});

// ---------------------------------------------------------------------------------------------
// The way in: Gateway API

const gateways = ofKind('Gateway');
const httpRoutes = ofKind('HTTPRoute');

interface RouteRule {
  readonly route: Resource;
  readonly path: string;
  readonly type: string;
  readonly backends: { readonly service: string; readonly port: number }[];
  readonly timeouts: Json;
}

const routeRules: RouteRule[] = httpRoutes.flatMap((route) =>
  list(obj(route.body.spec).rules).flatMap((rule) =>
    list(rule.matches).map((match) => ({
      route,
      path: String(obj(match.path).value),
      type: String(obj(match.path).type),
      backends: list(rule.backendRefs).map((b) => ({
        service: String(b.name),
        port: Number(b.port),
      })),
      timeouts: obj(rule.timeouts),
    })),
  ),
);

/** The workload and container port behind a backendRef (a Service and its port number). */
function backendTarget(backend: {
  service: string;
  port: number;
}): { workload: string; containerPort: number } | undefined {
  const service = services.find((s) => s.name === backend.service);
  const servicePort = list(obj(service?.body.spec).ports).find(
    (p) => Number(p.port) === backend.port,
  );
  if (!service || !servicePort) return undefined;
  const workload = deployments.find((w) => selects(obj(obj(service.body.spec).selector), w));
  if (!workload) return undefined;
  const containerPort = resolvePort(
    containersOf(workload)[0] ?? {},
    servicePort.targetPort ?? servicePort.port,
  );
  return containerPort === undefined ? undefined : { workload: workload.name, containerPort };
}

const targetsOf = (path: string) =>
  routeRules.filter((r) => r.path === path).flatMap((r) => r.backends.map(backendTarget));

describe('deploy/k8s Gateway API', () => {
  it('one Gateway terminates TLS for the host; every route attaches to it and reaches a Service port', () => {
    const problems: string[] = [];
    expect(gateways.map((g) => g.body.apiVersion)).toEqual(['gateway.networking.k8s.io/v1']);
    const listeners = list(obj(gateways[0]!.body.spec).listeners);
    const https = listeners.find((l) => l.protocol === 'HTTPS');
    expect(obj(https?.tls).mode).toBe('Terminate');
    expect(list(obj(https?.tls).certificateRefs).map((c) => c.name)).toEqual(['gateway-tls']);
    expect(listeners.filter((l) => l.protocol === 'HTTP')).toEqual([]);
    for (const route of httpRoutes) {
      const spec = obj(route.body.spec);
      if (route.body.apiVersion !== 'gateway.networking.k8s.io/v1')
        problems.push(`${route.name}: apiVersion ${String(route.body.apiVersion)}`);
      for (const parent of list(spec.parentRefs))
        if (parent.name !== gateways[0]!.name || parent.sectionName !== https?.name)
          problems.push(
            `${route.name}: parentRef ${JSON.stringify(parent)} is not the HTTPS listener`,
          );
      for (const host of Array.isArray(spec.hostnames) ? spec.hostnames : [])
        if (host !== https?.hostname)
          problems.push(`${route.name}: host ${String(host)} has no TLS listener`);
    }
    for (const rule of routeRules)
      for (const backend of rule.backends)
        if (!backendTarget(backend))
          problems.push(
            `${rule.route.name} ${rule.path}: ${backend.service}:${backend.port} is not a Service port`,
          );
    expect(problems).toEqual([]);
  });

  it.each([CUSTOMER_WS_PATH, ADMIN_WS_PATH])(
    'the WebSocket path %s goes to the gateway with no request timeout',
    (path) => {
      const rules = routeRules.filter((r) => r.path === path);
      expect(rules.map((r) => r.type)).toEqual(['Exact']);
      expect(targetsOf(path)).toEqual([
        { workload: 'gateway', containerPort: SERVICE_PORTS.gateway },
      ]);
      // "0s" disables the timeout (Gateway API HTTPRouteTimeouts): an idle socket lives for hours.
      expect(rules[0]!.timeouts).toEqual({ request: '0s', backendRequest: '0s' });
    },
  );

  it('everything else goes to the gateway, Slack’s events to the escalation receiver and Meta’s webhook to WhatsApp, each with a bounded timeout', () => {
    const root = routeRules.filter((r) => r.path === '/' && r.type === 'PathPrefix');
    expect(root.flatMap((r) => r.backends.map(backendTarget))).toEqual([
      { workload: 'gateway', containerPort: SERVICE_PORTS.gateway },
    ]);
    const eventsPath = String(
      escalationEnv.SLACK_EVENTS_PATH!.parse(undefined, 'SLACK_EVENTS_PATH'),
    );
    expect(targetsOf(eventsPath)).toEqual([
      { workload: 'escalation', containerPort: EXTRA_PORTS.escalation!['slack-events'] },
    ]);
    expect(targetsOf(WHATSAPP_WEBHOOK_PATH)).toEqual([
      { workload: 'whatsapp', containerPort: SERVICE_PORTS.whatsapp },
    ]);
    for (const path of ['/', eventsPath, WHATSAPP_WEBHOOK_PATH]) {
      const timeout = String(routeRules.find((r) => r.path === path)?.timeouts.request);
      expect({ path, timeout }).toEqual({ path, timeout: expect.stringMatching(/^[1-9]\d*s$/) });
    }
    const targets = new Set(
      routeRules.flatMap((r) => r.backends.map((b) => backendTarget(b)?.workload)),
    );
    expect([...targets].sort()).toEqual(['escalation', 'gateway', 'whatsapp']);
  });
});

// ---------------------------------------------------------------------------------------------
// The one-shot ingest

describe('deploy/k8s ingest', () => {
  it('a Job loads the knowledge base shipped in the CLI image into the running services, as the ops user', () => {
    const job = ofKind('Job').find((j) => j.name === 'support-agent-ingest');
    expect(job).toBeDefined();
    const pod = obj(obj(job!.body.spec).template);
    expect(obj(obj(pod.metadata).labels)['app.kubernetes.io/component']).toBe('ops');
    const container = list(obj(pod.spec).containers)[0]!;
    expect(String(container.image)).toMatch(/^support-agent\/cli:/);
    expect(argsOf(container)).toEqual([
      'node',
      'apps/cli/dist/main.js',
      'ingest',
      'kb',
      '--quiet',
      '--no-host-services',
    ]);
    // kb/ of the repository is what the image copies (deploy/docker/image.unit.spec.ts).
    expect(
      readdirSync(join(REPO_ROOT, 'kb')).filter((f) => f.endsWith('.md')).length,
    ).toBeGreaterThan(0);
    const problems: string[] = [];
    const vars = providedVars('ingest', container, problems);
    expect(problems).toEqual([]);
    expect(vars.find((v) => v.name === 'NATS_USER')?.source).toEqual({
      kind: 'literal',
      value: 'ops',
    });
    expect(secretRefOf(vars, 'NATS_PASSWORD')).toBe(
      secretRefOf(natsServerEnv, passwordEnvVar('ops')),
    );
    expect(vars.map((v) => v.name)).toEqual(expect.arrayContaining(['NATS_URL', 'EVENT_STREAM']));
  });
});
