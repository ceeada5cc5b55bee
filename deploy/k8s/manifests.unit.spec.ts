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
import { SERVICE_NAMES, SERVICE_PORTS, type EnvSchema, type ServiceName } from '@support/platform';
import { gatewayServiceEnv } from '@support/gateway';
import { agentEnv } from '@support/agent';
import { retrievalEnv } from '@support/retrieval';
import { rerankerProxyEnv } from '@support/reranker-proxy';
import { escalationEnv } from '@support/escalation';
import { classifierEnv } from '@support/classifier';

const K8S_DIR = fileURLToPath(new URL('.', import.meta.url));
const DEPLOY_DIR = join(K8S_DIR, '..');
const REPO_ROOT = join(DEPLOY_DIR, '..');
const DOCKERFILE = join(DEPLOY_DIR, 'docker', 'Dockerfile');

const NAMESPACE = 'support-agent';
const NAME_LABEL = 'app.kubernetes.io/name';
const SECRET_PLACEHOLDER = 'REPLACE_ME';

/** Every variable each service reads: the schemas the services validate at start-up. */
const ENV_SCHEMAS: Record<ServiceName, EnvSchema> = {
  gateway: gatewayServiceEnv,
  agent: agentEnv,
  retrieval: retrievalEnv,
  'reranker-proxy': rerankerProxyEnv,
  escalation: escalationEnv,
  classifier: classifierEnv,
};

/** Port each Service exposes, where it differs from the container port. */
const SERVICE_FRONT_PORTS: Partial<Record<ServiceName, number>> = { gateway: 80 };

/** Variables holding credentials: only ever from a Secret, never a literal or a ConfigMap. */
const SECRET_VARS = new Set(['AUTH_TOKEN_SECRET', 'DATABASE_URL']);

/**
 * Variables that have a default in the schema but whose default cannot work in the cluster, so a
 * Deployment whose service reads them must set them:
 * - NATS_URL (and any other URL) defaulting to a loopback address: nothing listens there in a pod;
 * - AUTH_TOKEN_SECRET: the image runs with NODE_ENV=production, where the gateway refuses the
 *   public development secret (services/gateway/src/config/gateway-config.ts).
 */
const PRODUCTION_REQUIRED = new Set(['NATS_URL', 'AUTH_TOKEN_SECRET']);

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

function labelOf(resource: Resource): unknown {
  return obj(obj(resource.body.metadata).labels)[NAME_LABEL];
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
  const out = new Map<string, string>();
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
      if (!secrets.has(name))
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
      if (!secrets.has(source.name))
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

/** Variables a Deployment of the service must set. */
function requiredVars(schema: EnvSchema): string[] {
  return Object.keys(schema).filter((name) => {
    const fallback = defaultOf(schema, name);
    return 'required' in fallback || isLoopback(fallback.value) || PRODUCTION_REQUIRED.has(name);
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
      if (!SERVICE_NAMES.includes(labelOf(d) as ServiceName))
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
      if (ports.length !== 1 || ports[0] !== port)
        problems.push(`${service}: containerPort ${ports.join(',') || 'none'}, expected ${port}`);
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
      const required = requiredVars(schema);
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
      expect(ports).toHaveLength(1);
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

describe('deploy/docker/Dockerfile', () => {
  it('builds any service from node:20-slim: npm ci, npm run build, dev dependencies pruned', () => {
    expect(dockerfile).toMatch(/node:20-slim/);
    expect(dockerInstructions.some((l) => /^RUN\s.*\bnpm ci\b/.test(l))).toBe(true);
    expect(dockerInstructions.some((l) => /^RUN\s.*\bnpm run build\b/.test(l))).toBe(true);
    expect(dockerInstructions.some((l) => /^RUN\s.*\bnpm prune\b.*--omit=dev/.test(l))).toBe(true);
  });

  it('declares ARG SERVICE in the final stage and runs it as a numeric non-root user in production mode', () => {
    expect(finalStage.some((l) => /^ARG\s+SERVICE\b/.test(l))).toBe(true);
    expect(finalStage.some((l) => /^ENV\s.*\bNODE_ENV=production\b/.test(l))).toBe(true);
    const user = dockerUser();
    // Numeric, so the kubelet can verify runAsNonRoot.
    expect(user).toMatch(/^\d+$/);
    expect(user).not.toBe('0');
    expect(dockerEntryPattern()).toMatch(/^services\/\$\{?SERVICE\}?\/dist\/main\.js$/);
  });
});
