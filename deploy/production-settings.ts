/**
 * What the deployment tests (deploy/k8s/manifests.unit.spec.ts, deploy/compose/compose.unit.spec.ts)
 * hold the manifests to: each service's env schema, the settings that switch a service from its
 * embedded default to the design's production part, the production models, and the Qdrant server
 * version the client accepts.
 */
import { type EnvSchema, type ServiceName, serviceStartEnv } from '@support/platform/pure';
import { gatewayEnv } from '@support/gateway/pure';
import { agentEnv } from '@support/agent/pure';
import { retrievalEnv } from '@support/retrieval/pure';
import { rerankerProxyEnv } from '@support/reranker-proxy/pure';
import { escalationEnv } from '@support/escalation/pure';
import { classifierEnv } from '@support/classifier/pure';
import { MESSAGE_MAX_ATTACHMENTS } from '@support/contracts';
import { IMAGE_MAX_PIXELS } from '@support/models';
export { qdrantClientVersion } from '@support/vector-index';
import { whatsappEnv } from '@support/whatsapp/pure';

/**
 * Every variable each service reads: the schemas the services validate at start-up, and what
 * `startService` validates for every one of them (NODE_ENV, logs, traces).
 */
export const ENV_SCHEMAS: Record<ServiceName, EnvSchema> = {
  gateway: { ...serviceStartEnv, ...gatewayEnv },
  agent: { ...serviceStartEnv, ...agentEnv },
  retrieval: { ...serviceStartEnv, ...retrievalEnv },
  'reranker-proxy': { ...serviceStartEnv, ...rerankerProxyEnv },
  escalation: { ...serviceStartEnv, ...escalationEnv },
  classifier: { ...serviceStartEnv, ...classifierEnv },
  whatsapp: { ...serviceStartEnv, ...whatsappEnv },
};

/**
 * Variables that are optional in the schema because, unset, the service runs its embedded default
 * (extractive responder, hashing embedder, lexical scorer, in-process index, console admins). A
 * production deployment must set every one of them, or it silently runs the demo.
 */
export const PRODUCTION_SETTINGS: Record<ServiceName, readonly string[]> = {
  gateway: [],
  agent: ['LLM_BASE_URL', 'LLM_MODEL'],
  retrieval: ['QDRANT_URL', 'QDRANT_API_KEY', 'EMBEDDINGS_BASE_URL', 'EMBEDDINGS_MODEL'],
  'reranker-proxy': ['RERANKER_URL'],
  escalation: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_CHANNEL', 'SLACK_ADMIN_USER_IDS'],
  classifier: ['CLASSIFIER_LLM_BASE_URL', 'CLASSIFIER_LLM_MODEL'],
  whatsapp: [
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_TEMPLATE_NAME',
  ],
};

/** Credentials: only ever from a Secret (k8s) or the operator's environment (compose). */
export const SECRET_VARS: ReadonlySet<string> = new Set([
  'AUTH_TOKEN_SECRET',
  'DATABASE_URL',
  'NATS_PASSWORD',
  'PERSONAL_DATA_MASTER_KEY',
  'QDRANT_API_KEY',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'SLACK_APP_TOKEN',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
]);

export type ModelServerKind = 'vllm' | 'tei';

/** A service setting that points at a model server, and the model that server must serve. */
export interface ModelWiring {
  readonly service: ServiceName;
  readonly urlVar: string;
  /** The variable naming the model sent to the server, when the API takes one. */
  readonly modelVar?: string;
  /** The model the design prescribes (a Hugging Face id), or a pattern for a family. */
  readonly model: string | RegExp;
  readonly server: ModelServerKind;
  /** OpenAI-compatible APIs are configured with their `/v1` base. */
  readonly openAiBase: boolean;
}

/** The design's production models (../shared/DESIGN.md, "Models and engines"). */
export const MODEL_WIRING: readonly ModelWiring[] = [
  {
    service: 'agent',
    urlVar: 'LLM_BASE_URL',
    modelVar: 'LLM_MODEL',
    model: 'Qwen/Qwen3-VL-8B-Instruct',
    server: 'vllm',
    openAiBase: true,
  },
  {
    service: 'classifier',
    urlVar: 'CLASSIFIER_LLM_BASE_URL',
    modelVar: 'CLASSIFIER_LLM_MODEL',
    model: 'Qwen/Qwen3-VL-8B-Instruct',
    server: 'vllm',
    openAiBase: true,
  },
  {
    service: 'retrieval',
    urlVar: 'EMBEDDINGS_BASE_URL',
    modelVar: 'EMBEDDINGS_MODEL',
    model: 'Qwen/Qwen3-Embedding-0.6B',
    server: 'tei',
    openAiBase: true,
  },
  {
    service: 'reranker-proxy',
    urlVar: 'RERANKER_URL',
    model: /^BAAI\/bge-reranker-/,
    server: 'tei',
    openAiBase: false,
  },
];

/** Pinned images of the model servers: vLLM's OpenAI server and text-embeddings-inference. */
export const MODEL_SERVER_IMAGES: Record<ModelServerKind, RegExp> = {
  vllm: /^vllm\/vllm-openai:v\d+\.\d+\.\d+$/,
  tei: /^ghcr\.io\/huggingface\/text-embeddings-inference:(?:cpu-)?\d+\.\d+\.\d+$/,
};

/** The model a server container is started with: vLLM's positional model, TEI's --model-id. */
export function servedModel(kind: ModelServerKind, args: readonly string[]): string | undefined {
  if (kind === 'tei') return args[args.indexOf('--model-id') + 1];
  const named = args.indexOf('--served-model-name');
  return named >= 0 ? args[named + 1] : args.find((arg) => !arg.startsWith('-'));
}

/** The value following `flag` in a server's arguments. */
export function flagValue(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

export function modelMatches(expected: string | RegExp, actual: string | undefined): boolean {
  return typeof expected === 'string' ? actual === expected : expected.test(actual ?? '');
}

/**
 * Whether a Qdrant image runs the client's major.minor (the client warns past one minor apart;
 * the deployments pin the same minor so an upgrade of either is a visible, deliberate change).
 */
export function qdrantImageMatchesClient(image: string, clientVersion: string): boolean {
  const tag = /^qdrant\/qdrant:v(\d+)\.(\d+)\.\d+(?:-unprivileged)?$/.exec(image);
  const [major, minor] = clientVersion.split('.');
  return tag !== null && tag[1] === major && tag[2] === minor;
}

/**
 * What vLLM must be started with to serve the design's model on its hardware, one NVIDIA T4
 * (16 GB, compute capability 7.5; docs/model-serving.md), as problem sentences (none: fine):
 * a 4-bit checkpoint Turing runs (AWQ or GPTQ W4A16) pinned by `--revision`, `--dtype half` (no
 * bfloat16 before compute capability 8.0), a memory share that leaves the CUDA context room, a
 * context holding the agent's prompt budget, photos capped as the budget counts them, tools on.
 */
export function vllmServingProblems(args: readonly string[], contextTokens: number): string[] {
  const problems: string[] = [];
  const checkpoint = args.find((arg) => !arg.startsWith('-'));
  if (!/(?:^|[-_/])(?:AWQ|GPTQ)(?:$|[-_])/i.test(checkpoint ?? ''))
    problems.push(`serves ${checkpoint}, not a 4-bit AWQ or GPTQ checkpoint`);
  if (!flagValue(args, '--revision')) problems.push('the checkpoint is not pinned by --revision');
  if (!['awq', 'gptq'].includes(flagValue(args, '--quantization') ?? ''))
    problems.push('--quantization is not awq or gptq (the kernels compute capability 7.5 runs)');
  if (flagValue(args, '--dtype') !== 'half')
    problems.push('--dtype is not half (a T4 has no bfloat16)');
  const share = Number(flagValue(args, '--gpu-memory-utilization'));
  if (!(share >= 0.8 && share <= 0.92))
    problems.push(`--gpu-memory-utilization ${share} is outside 0.80-0.92`);
  if (!(Number(flagValue(args, '--max-model-len')) >= contextTokens))
    problems.push(`--max-model-len is under MODEL_CONTEXT_TOKENS ${contextTokens}`);
  const limits = parseJson(flagValue(args, '--limit-mm-per-prompt')) as
    { image?: unknown; video?: unknown } | undefined;
  if (limits?.image !== MESSAGE_MAX_ATTACHMENTS || limits.video !== 0)
    problems.push(
      `--limit-mm-per-prompt is not {"image": ${MESSAGE_MAX_ATTACHMENTS}, "video": 0} (a message's photos)`,
    );
  const processor = parseJson(flagValue(args, '--mm-processor-kwargs')) as
    { size?: { longest_edge?: unknown } } | undefined;
  if (processor?.size?.longest_edge !== IMAGE_MAX_PIXELS)
    problems.push(
      `--mm-processor-kwargs does not cap an image at ${IMAGE_MAX_PIXELS} pixels (size.longest_edge)`,
    );
  if (
    !args.includes('--enable-auto-tool-choice') ||
    flagValue(args, '--tool-call-parser') !== 'hermes'
  )
    problems.push('tool calls are not on (--enable-auto-tool-choice --tool-call-parser hermes)');
  return problems;
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
