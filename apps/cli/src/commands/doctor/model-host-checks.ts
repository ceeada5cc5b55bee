import {
  JsonHttpClient,
  ModelMismatch,
  OpenAiCompatibleEmbedder,
  readTeiInfo,
  type TeiInfo,
  TeiCrossEncoder,
  TeiSupportJudge,
} from '@support/models';
import * as check from './doctor-report.js';

/** `GET /info` of a text-embeddings-inference host; null when the host has none (vLLM). */
async function teiInfoAt(root: string, timeoutMs: number): Promise<TeiInfo | null> {
  const client = new JsonHttpClient({ baseUrl: root, maxRetries: 0 });
  try {
    return await readTeiInfo(client, AbortSignal.timeout(timeoutMs));
  } finally {
    client.close();
  }
}

/** How a batch setting meets a TEI host's per-request limit (the adapters split above it). */
function batchFinding(setting: string, value: number, info: TeiInfo | null): check.Finding {
  if (!info) return check.pass(`${setting} ${value} (no per-request limit reported)`);
  const limit = info.maxClientBatchSize;
  if (value <= limit) return check.pass(`${setting} ${value} <= max_client_batch_size ${limit}`);
  return check.pass(
    `${setting} ${value} > max_client_batch_size ${limit}: sent as ${Math.ceil(value / limit)} requests`,
  );
}

export interface EmbeddingsSettings {
  readonly baseUrl: string;
  readonly model: string;
  readonly batch: number;
  /** The dimension the collection holds (Qdrant's `dense` size), or the design's 1024. */
  readonly dimensions: number;
  readonly timeoutMs: number;
}

/** The embeddings server answers with vectors of the collection's dimension, from the model named. */
export async function checkEmbeddings(settings: EmbeddingsSettings): Promise<check.PartReport> {
  const findings: check.Finding[] = [];
  try {
    const info = await teiInfoAt(settings.baseUrl.replace(/\/v1\/?$/, ''), settings.timeoutMs);
    if (info && info.modelId !== settings.model)
      findings.push(
        check.fail(
          `serves ${info.modelId}, EMBEDDINGS_MODEL is ${settings.model}`,
          `start text-embeddings-inference with --model-id ${settings.model}, or set EMBEDDINGS_MODEL`,
        ),
      );
    const embedder = new OpenAiCompatibleEmbedder({
      baseUrl: settings.baseUrl,
      model: settings.model,
      dimensions: settings.dimensions,
      timeoutMs: settings.timeoutMs,
      maxRetries: 0,
    });
    await embedder.embedQuery('Where is my order?');
    findings.push(
      check.pass(`${settings.model} answers ${settings.dimensions}-dimensional vectors`),
    );
    findings.push(batchFinding('EMBEDDINGS_BATCH', settings.batch, info));
  } catch (error) {
    const reason = check.reasonOf(error);
    findings.push(
      /dimensional vectors/.test(reason)
        ? check.fail(
            reason.replace(/\s*\(check [^)]*\)$/, ''),
            `serve a ${settings.dimensions}-dimensional model (${settings.model}), or ingest into a new namespace for this one`,
          )
        : check.fail(
            `embeddings failed: ${reason}`,
            'start the embeddings server, or fix EMBEDDINGS_BASE_URL',
          ),
    );
  }
  return check.partReport('embeddings', check.shownUrl(settings.baseUrl), findings);
}

export interface RerankerSettings {
  readonly url: string;
  readonly fusedTopK: number;
  readonly timeoutMs: number;
}

/** A pair whose order any cross-encoder gets right: a real answer above an unrelated text. */
const KNOWN_PAIR = {
  query: 'How many days do I have to return a dress?',
  answer: 'Dresses can be returned within 14 days of delivery for a full refund.',
  unrelated: 'Our Riyadh store opens at 10 am on weekdays.',
};

/** The reranker host serves a reranker, its batch limit against `FUSED_TOP_K`, and a known pair. */
export async function checkReranker(settings: RerankerSettings): Promise<check.PartReport> {
  const findings: check.Finding[] = [];
  try {
    const info = await teiInfoAt(settings.url, settings.timeoutMs);
    if (!info)
      findings.push(
        check.fail(
          'GET /info is missing: not text-embeddings-inference',
          'point RERANKER_URL at a TEI reranker',
        ),
      );
    else if (info.modelType !== 'reranker')
      findings.push(
        check.fail(
          `serves ${info.modelId}, an ${info.modelType} model, not a reranker`,
          'start text-embeddings-inference with --model-id BAAI/bge-reranker-v2-m3',
        ),
      );
    else
      findings.push(
        check.pass(`serves ${info.modelId}`),
        batchFinding('FUSED_TOP_K', settings.fusedTopK, info),
      );
    const encoder = new TeiCrossEncoder({ baseUrl: settings.url, timeoutMs: settings.timeoutMs });
    const [answer, unrelated] = await encoder.rerank(KNOWN_PAIR.query, [
      KNOWN_PAIR.answer,
      KNOWN_PAIR.unrelated,
    ]);
    findings.push(
      answer! > unrelated!
        ? check.pass(`scores a known pair ${answer!.toFixed(3)} > ${unrelated!.toFixed(3)}`)
        : check.fail(
            `scores a known pair backwards (${answer!.toFixed(3)} <= ${unrelated!.toFixed(3)})`,
            'serve a cross-encoder reranker (BAAI/bge-reranker-v2-m3)',
          ),
    );
  } catch (error) {
    findings.push(
      check.fail(
        `rerank failed: ${check.reasonOf(error)}`,
        'start the reranker, or fix RERANKER_URL',
      ),
    );
  }
  return check.partReport('reranker', check.shownUrl(settings.url), findings);
}

/** A claim a support judge must find entailed by its premise, and one it must not. */
export const KNOWN_ENTAILMENT = {
  premise: 'Dresses can be returned within 14 days of delivery for a full refund.',
  entailed: 'You have two weeks after delivery to send a dress back for your money.',
  contradicted: 'Dresses cannot be returned.',
};

/** The NLI model the design serves as the support judge. */
const JUDGE_MODEL = 'MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7';

export interface SupportJudgeSettings {
  readonly url: string;
  readonly label: string;
  readonly minEntailment: number;
  readonly timeoutMs: number;
}

/**
 * The support judge's host serves a classifier with the entailment label, and finds a known
 * paraphrase more entailed than a contradiction of the same premise.
 */
export async function checkSupportJudge(settings: SupportJudgeSettings): Promise<check.PartReport> {
  const findings: check.Finding[] = [];
  try {
    const judge = new TeiSupportJudge({
      baseUrl: settings.url,
      timeoutMs: settings.timeoutMs,
      entailmentLabel: settings.label,
    });
    const info = await judge.verify();
    findings.push(check.pass(`serves ${info.modelId} (labels ${info.labels.join(', ')})`));
    const { premise, entailed, contradicted } = KNOWN_ENTAILMENT;
    const [yes, no] = await judge.entailment([
      { premise, hypothesis: entailed },
      { premise, hypothesis: contradicted },
    ]);
    const scores = `${yes!.toFixed(3)} vs ${no!.toFixed(3)} for its contradiction`;
    findings.push(
      yes! > no!
        ? check.pass(
            `a known paraphrase is entailed ${scores} (vouched for from ${settings.minEntailment})`,
          )
        : check.fail(
            `a known paraphrase is entailed no more than its contradiction (${scores})`,
            `serve an NLI cross-encoder (${JUDGE_MODEL})`,
          ),
    );
  } catch (error) {
    findings.push(
      error instanceof ModelMismatch
        ? check.fail(
            error.message,
            `start text-embeddings-inference with --model-id ${JUDGE_MODEL}, or set SUPPORT_JUDGE_LABEL`,
          )
        : check.fail(
            `predict failed: ${check.reasonOf(error)}`,
            'start the support judge, or fix SUPPORT_JUDGE_URL',
          ),
    );
  }
  return check.partReport('support judge', check.shownUrl(settings.url), findings);
}
