/**
 * Parses docker-compose.yml (and deploy/compose/models.env) and checks it runs the whole system:
 * the seven services built from deploy/docker/Dockerfile with the variables their env schemas need,
 * NATS, PostgreSQL and Qdrant (the client's version) behind the URLs they use, and the model
 * servers of the design under the optional `models` profile, started as deploy/k8s/models.yaml
 * starts them. Docker is not run here: the file is checked, not executed.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parseDocument } from 'yaml';
import { SERVICE_NAMES, SERVICE_PORTS, type ServiceName } from '@support/platform/pure';
import {
  ENV_SCHEMAS,
  flagValue,
  MODEL_SERVER_IMAGES,
  MODEL_WIRING,
  modelMatches,
  qdrantClientVersion,
  qdrantImageMatchesClient,
  SECRET_VARS,
  servedModel,
  vllmServingProblems,
} from '../production-settings.js';

const COMPOSE_DIR = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = join(COMPOSE_DIR, '..', '..');
const MODELS_PROFILE = 'models';
const MODEL_SERVERS = ['vllm', 'embeddings', 'reranker'];
const INFRASTRUCTURE = ['nats', 'postgres', 'qdrant'];
/** The one-shot jobs: the knowledge base into the index. */
const ONE_SHOT = ['ingest'];

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

const composeDocument = parseDocument(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'));
const compose = obj(composeDocument.toJSON());
const composeServices = obj(compose.services);
const service = (name: string): Json => obj(composeServices[name]);

/** `KEY=value` lines of an env file, comments and blank lines skipped. */
function readEnvFile(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) out.set(match[1]!, match[2]!.trim());
  }
  return out;
}
const modelsEnv = readEnvFile(join(COMPOSE_DIR, 'models.env'));

const WHOLE_INTERPOLATION = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])(.*))?\}$/;

type Interpolated =
  | { readonly kind: 'value'; readonly value: string | undefined }
  | { readonly kind: 'operator-required'; readonly variable: string };

/**
 * A compose value as `docker compose` interpolates it from `env` (the operator's environment or
 * an --env-file): `${X}`, `${X:-default}` and `${X:?message}` (the latter refuses to start when X
 * is unset). Empty means unset to the services' schemas.
 */
function interpolate(raw: string, env: ReadonlyMap<string, string>): Interpolated {
  const whole = WHOLE_INTERPOLATION.exec(raw);
  if (!whole) return { kind: 'value', value: raw };
  const [, variable, operator, operand] = whole;
  const given = env.get(variable!);
  if (given !== undefined && given !== '') return { kind: 'value', value: given };
  if (operator?.endsWith('?')) return { kind: 'operator-required', variable: variable! };
  if (operator?.endsWith('-')) return { kind: 'value', value: operand };
  return { kind: 'value', value: undefined };
}

function environmentOf(name: string): Map<string, string> {
  return new Map(Object.entries(obj(service(name).environment)).map(([k, v]) => [k, String(v)]));
}

/** The container's arguments: compose `command` as a list. */
function commandOf(name: string): string[] {
  return strings(service(name).command);
}

/** Whether a URL's host is a compose service (the project network's DNS name). */
function composeHost(url: string): string {
  return new URL(url).hostname;
}

const k8sModels = new Map(
  parseAllDocuments(readFileSync(join(REPO_ROOT, 'deploy', 'k8s', 'models.yaml'), 'utf8'))
    .map((doc) => obj(doc.toJSON()))
    .filter((doc) => doc.kind === 'Deployment')
    .map((doc) => {
      const container = obj(
        (obj(obj(obj(doc.spec).template).spec).containers as unknown[] | undefined)?.[0],
      );
      return [String(obj(doc.metadata).name), container] as const;
    }),
);

describe('docker-compose.yml', () => {
  it('parses, and runs the seven services, NATS, PostgreSQL, Qdrant and the model servers', () => {
    expect(composeDocument.errors.map((e) => e.message)).toEqual([]);
    expect(Object.keys(composeServices).sort()).toEqual(
      [...SERVICE_NAMES, ...INFRASTRUCTURE, ...MODEL_SERVERS, ...ONE_SHOT].sort(),
    );
  });

  it('every image is pinned to an exact version, and Qdrant runs the client’s major.minor', () => {
    const problems: string[] = [];
    for (const [name, spec] of Object.entries(composeServices)) {
      const image = String(obj(spec).image);
      // A release (x.y.z, with an optional variant such as -alpine) or a digest; never 16 or 2.10.
      if (
        !/^[^:@\s]+(?::(?:v|cpu-)?\d+\.\d+\.\d+(?:-[a-z0-9.-]+)?|:\d+\.\d+-[a-z]+|@sha256:[0-9a-f]{64})$/.test(
          image,
        )
      )
        problems.push(`${name}: image ${image} is not pinned to an exact version`);
    }
    expect(problems).toEqual([]);
    expect(qdrantImageMatchesClient(String(service('qdrant').image), qdrantClientVersion())).toBe(
      true,
    );
  });

  it('interpolates whole values only (`${X}`, `${X:-default}`, `${X:?message}`)', () => {
    const partial = Object.entries(composeServices).flatMap(([name, spec]) =>
      Object.entries(obj(obj(spec).environment))
        .filter(([, raw]) => String(raw).includes('$') && !WHOLE_INTERPOLATION.test(String(raw)))
        .map(([variable]) => `${name}: ${variable}`),
    );
    expect(partial).toEqual([]);
  });

  it('publishes ports on 127.0.0.1 only', () => {
    const open = Object.entries(composeServices).flatMap(([name, spec]) =>
      strings(obj(spec).ports)
        .filter((port) => !port.startsWith('127.0.0.1:'))
        .map((port) => `${name}: ${port}`),
    );
    expect(open).toEqual([]);
  });

  describe.each(SERVICE_NAMES)('%s', (name: ServiceName) => {
    const spec = service(name);
    const schema = ENV_SCHEMAS[name];
    const environment = environmentOf(name);

    it('is built from deploy/docker/Dockerfile for this service and port, outside any profile', () => {
      const build = obj(spec.build);
      expect(existsSync(join(REPO_ROOT, String(build.context), String(build.dockerfile)))).toBe(
        true,
      );
      expect(String(build.dockerfile)).toBe('deploy/docker/Dockerfile');
      expect(obj(build.args)).toEqual({ SERVICE: name, PORT: String(SERVICE_PORTS[name]) });
      expect(String(spec.image)).toMatch(new RegExp(`^support-agent/${name}:[A-Za-z0-9_.-]+$`));
      expect(environment.get('PORT')).toBe(String(SERVICE_PORTS[name]));
      expect(spec.profiles).toBeUndefined();
    });

    it.each([
      ['without the models profile', new Map<string, string>()],
      ['with deploy/compose/models.env', modelsEnv],
    ] as const)('sets only variables its schema reads, each accepted by it (%s)', (_label, env) => {
      const problems: string[] = [];
      for (const [variable, raw] of environment) {
        if (!(variable in schema)) {
          problems.push(`${name}: ${variable} is not read by the ${name} env schema`);
          continue;
        }
        const value = interpolate(raw, env);
        if (value.kind === 'operator-required') continue;
        try {
          schema[variable]!.parse(value.value === '' ? undefined : value.value, variable);
        } catch (error) {
          problems.push(`${name}: ${variable}=${String(value.value)}: ${(error as Error).message}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('credentials come from the operator’s environment, never a literal with a secret in it', () => {
      const problems: string[] = [];
      for (const [variable, raw] of environment) {
        if (!SECRET_VARS.has(variable) || raw.startsWith('${')) continue;
        // A password-less local URL (trust auth on 127.0.0.1) holds no credential.
        if (variable === 'DATABASE_URL' && new URL(raw).password === '') continue;
        problems.push(`${name}: ${variable} is a literal`);
      }
      expect(problems).toEqual([]);
    });

    it('reaches NATS, PostgreSQL and Qdrant by their compose names, after they are healthy', () => {
      const problems: string[] = [];
      const dependsOn = obj(spec.depends_on);
      for (const [variable, host] of [
        ['NATS_URL', 'nats'],
        ['DATABASE_URL', 'postgres'],
        ['QDRANT_URL', 'qdrant'],
      ] as const) {
        if (!(variable in schema)) continue;
        const raw = environment.get(variable);
        if (variable === 'QDRANT_URL' && raw === undefined) {
          problems.push(`${name}: QDRANT_URL is not set (the in-process index is one process's)`);
          continue;
        }
        const value = raw === undefined ? undefined : interpolate(raw, new Map());
        const url =
          value?.kind === 'value' && value.value
            ? value.value
            : String(schema[variable]!.parse(undefined, variable));
        if (composeHost(url) !== host)
          problems.push(`${name}: ${variable}=${url} does not reach the ${host} service`);
        if (obj(dependsOn[host]).condition !== 'service_healthy')
          problems.push(`${name}: does not wait for ${host} to be healthy`);
      }
      expect(problems).toEqual([]);
    });
  });

  it('the gateway refuses to start without an AUTH_TOKEN_SECRET from the operator', () => {
    const raw = environmentOf('gateway').get('AUTH_TOKEN_SECRET') ?? '';
    expect(interpolate(raw, new Map())).toEqual({
      kind: 'operator-required',
      variable: 'AUTH_TOKEN_SECRET',
    });
  });

  it('the stream has one replica: there is one nats-server', () => {
    for (const name of SERVICE_NAMES)
      expect({ name, replicas: environmentOf(name).get('BUS_STREAM_REPLICAS') }).toEqual({
        name,
        replicas: '1',
      });
  });

  it('Slack is configurable from the environment (console admins when unset)', () => {
    const environment = environmentOf('escalation');
    for (const variable of [
      'SLACK_BOT_TOKEN',
      'SLACK_SIGNING_SECRET',
      'SLACK_APP_TOKEN',
      'SLACK_CHANNEL',
      'SLACK_ADMIN_USER_IDS',
    ])
      expect({ variable, raw: environment.get(variable) }).toEqual({
        variable,
        raw: `\${${variable}:-}`,
      });
    expect(environment.get('SLACK_EVENTS_HOST')).toBe('0.0.0.0');
  });
});

it('WhatsApp is configurable from the environment (the channel off when unset)', () => {
  const environment = environmentOf('whatsapp');
  for (const variable of [
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_TEMPLATE_NAME',
  ])
    expect({ variable, raw: environment.get(variable) }).toEqual({
      variable,
      raw: `\${${variable}:-}`,
    });
  expect(strings(service('whatsapp').ports)).toEqual(['127.0.0.1:8086:8086']);
});

describe('docker-compose.yml model servers (profile models)', () => {
  it('run only with the models profile, on pinned vLLM / text-embeddings-inference images', () => {
    for (const name of Object.keys(composeServices)) {
      const profiles = service(name).profiles;
      expect({ name, profiles }).toEqual({
        name,
        profiles: MODEL_SERVERS.includes(name) ? [MODELS_PROFILE] : undefined,
      });
    }
  });

  it('start with the same images and options as deploy/k8s/models.yaml', () => {
    // The pinned commit is the operator's in both: an env variable each fills its own way.
    const revision = (args: string[]) =>
      args.map((arg, i) => (args[i - 1] === '--revision' ? '<revision>' : arg));
    for (const name of MODEL_SERVERS) {
      const k8s = k8sModels.get(name);
      expect({ name, image: service(name).image, args: revision(commandOf(name)) }).toEqual({
        name,
        image: k8s?.image,
        args: revision(strings(k8s?.args)),
      });
    }
  });

  it('vLLM serves the pinned 4-bit checkpoint as deploy/k8s does, its commit from models.env', () => {
    const args = commandOf('vllm');
    expect(vllmServingProblems(args, 16_384)).toEqual([]);
    expect(flagValue(args, '--revision')).toMatch(/^\$\{LLM_CHECKPOINT_REVISION[:}]/);
    expect(modelsEnv.get('LLM_CHECKPOINT_REVISION')).toMatch(
      /^(?:[0-9a-f]{40}|REPLACE_ME_CHECKPOINT_COMMIT)$/,
    );
  });

  it('vLLM gets the GPU', () => {
    const devices = (
      obj(obj(obj(service('vllm').deploy).resources).reservations).devices as unknown[] | undefined
    )?.map(obj);
    expect(devices).toEqual([expect.objectContaining({ driver: 'nvidia', capabilities: ['gpu'] })]);
  });

  it.each(MODEL_WIRING.map((w) => [`${w.service} ${w.urlVar}`, w] as const))(
    'models.env points %s at the server of the design’s model, and the service passes it through',
    (_label, wiring) => {
      const problems: string[] = [];
      const environment = environmentOf(wiring.service);
      if (environment.get(wiring.urlVar) !== `\${${wiring.urlVar}:-}`)
        problems.push(`${wiring.service}: ${wiring.urlVar} is not taken from the environment`);
      const url = modelsEnv.get(wiring.urlVar);
      if (url === undefined) {
        problems.push(`models.env does not set ${wiring.urlVar}`);
      } else {
        const host = composeHost(url);
        const kind = wiring.server;
        if (!MODEL_SERVERS.includes(host)) problems.push(`${url}: ${host} is not a model server`);
        if (!MODEL_SERVER_IMAGES[kind].test(String(service(host).image)))
          problems.push(`${host}: image ${String(service(host).image)} is not ${kind}`);
        const args = commandOf(host);
        if (flagValue(args, '--port') !== new URL(url).port)
          problems.push(`${url}: ${host} listens on ${String(flagValue(args, '--port'))}`);
        if (wiring.openAiBase && !new URL(url).pathname.replace(/\/+$/, '').endsWith('/v1'))
          problems.push(`${url}: an OpenAI-compatible base ends in /v1`);
        const served = servedModel(kind, args);
        if (!modelMatches(wiring.model, served))
          problems.push(`${host} serves ${served}, the design says ${String(wiring.model)}`);
        if (wiring.modelVar !== undefined) {
          const sent = interpolate(environment.get(wiring.modelVar) ?? '', modelsEnv);
          if (!('value' in sent) || sent.value !== served)
            problems.push(`${wiring.service}: ${wiring.modelVar} is not ${served}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('docker-compose.yml ingest', () => {
  it('loads kb/ from the CLI image into the running services once retrieval is healthy, then exits', () => {
    const spec = service('ingest');
    expect(obj(spec.build)).toMatchObject({
      dockerfile: 'deploy/docker/Dockerfile',
      target: 'cli',
    });
    expect(String(spec.image)).toMatch(/^support-agent\/cli:/);
    expect(commandOf('ingest')).toEqual(['ingest', 'kb', '--quiet', '--no-host-services']);
    expect(obj(obj(spec.depends_on).retrieval).condition).toBe('service_healthy');
    expect(composeHost(environmentOf('ingest').get('NATS_URL') ?? 'x:')).toBe('nats');
    expect(String(spec.restart)).toBe('no');
  });
});
