import { agentOwnEnv, ORDER_MIGRATIONS } from '@support/agent';
import { busOptionsFromEnv } from '@support/bus';
import { ESCALATION_MIGRATIONS, slackEnv } from '@support/escalation';
import { GATEWAY_MIGRATIONS } from '@support/gateway';
import {
  DEFAULT_EMBEDDING_DIMENSIONS,
  embeddingsEnv,
  llmEnv,
  rerankerEnv,
  supportJudgeEnv,
} from '@support/models';
import { PROJECTION_MIGRATIONS } from '@support/persistence';
import { databaseEnv, loadConfig } from '@support/platform';
import { retrievalEnv } from '@support/retrieval';
import { checkMigrations, checkStream } from './bus-and-database-checks.js';
import { checkChatModel } from './chat-model-check.js';
import { notConfigured, type PartReport, reportLine } from './doctor-report.js';
import { checkQdrant, checkSlack } from './index-and-slack-checks.js';
import { checkEmbeddings, checkReranker, checkSupportJudge } from './model-host-checks.js';

/** What the doctor reads: the settings of the services whose remote parts it checks. */
const doctorEnv = {
  ...llmEnv,
  MODEL_CONTEXT_TOKENS: agentOwnEnv.MODEL_CONTEXT_TOKENS,
  ...embeddingsEnv,
  ...rerankerEnv,
  ...supportJudgeEnv,
  FUSED_TOP_K: retrievalEnv.FUSED_TOP_K,
  QDRANT_URL: retrievalEnv.QDRANT_URL,
  QDRANT_API_KEY: retrievalEnv.QDRANT_API_KEY,
  KB_NAMESPACE: retrievalEnv.KB_NAMESPACE,
  SLACK_BOT_TOKEN: slackEnv.SLACK_BOT_TOKEN,
  SLACK_CHANNEL: slackEnv.SLACK_CHANNEL,
  SLACK_ADMIN_USER_IDS: slackEnv.SLACK_ADMIN_USER_IDS,
  SLACK_API_URL: slackEnv.SLACK_API_URL,
  ...databaseEnv,
};

/** Every migration the services run, by the name TypeORM records. */
function migrationNames(): string[] {
  return [
    ...PROJECTION_MIGRATIONS,
    ...ORDER_MIGRATIONS,
    ...ESCALATION_MIGRATIONS,
    ...GATEWAY_MIGRATIONS,
  ].map((migration) => {
    const named = new (migration as new () => { name?: string })().name;
    return named ?? migration.name;
  });
}

/**
 * Checks every remote part the environment configures against what the design needs, in the
 * order a request meets them; unconfigured ones are listed as such (their embedded default runs).
 */
export async function runDoctor(
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<PartReport[]> {
  const config = loadConfig(doctorEnv, env);
  const reports: PartReport[] = [];
  reports.push(
    config.LLM_BASE_URL === undefined
      ? notConfigured('chat model', 'LLM_BASE_URL unset: the extractive responder answers')
      : await checkChatModel({
          baseUrl: config.LLM_BASE_URL,
          model: config.LLM_MODEL,
          contextTokens: config.MODEL_CONTEXT_TOKENS,
          timeoutMs: Math.max(timeoutMs, config.LLM_TIMEOUT_MS),
        }),
  );
  // The design's size, unless the Qdrant collection says otherwise.
  let dimensions = DEFAULT_EMBEDDING_DIMENSIONS;
  let qdrant: PartReport = notConfigured('Qdrant', 'QDRANT_URL unset: the in-process index');
  if (config.QDRANT_URL !== undefined) {
    const checked = await checkQdrant({
      url: config.QDRANT_URL,
      ...(config.QDRANT_API_KEY ? { apiKey: config.QDRANT_API_KEY } : {}),
      collection: config.KB_NAMESPACE,
      timeoutMs,
    });
    qdrant = checked.report;
    dimensions = checked.denseSize ?? dimensions;
  }
  reports.push(
    config.EMBEDDINGS_BASE_URL === undefined
      ? notConfigured('embeddings', 'EMBEDDINGS_BASE_URL unset: the hashing embedder')
      : await checkEmbeddings({
          baseUrl: config.EMBEDDINGS_BASE_URL,
          model: config.EMBEDDINGS_MODEL,
          batch: config.EMBEDDINGS_BATCH,
          dimensions,
          timeoutMs,
        }),
    config.RERANKER_URL === undefined
      ? notConfigured('reranker', 'RERANKER_URL unset: the lexical scorer')
      : await checkReranker({ url: config.RERANKER_URL, fusedTopK: config.FUSED_TOP_K, timeoutMs }),
    config.SUPPORT_JUDGE_URL === undefined
      ? notConfigured('support judge', 'SUPPORT_JUDGE_URL unset: the word share decides')
      : await checkSupportJudge({
          url: config.SUPPORT_JUDGE_URL,
          label: config.SUPPORT_JUDGE_LABEL,
          minEntailment: config.SUPPORT_JUDGE_MIN_ENTAILMENT,
          timeoutMs: Math.max(timeoutMs, config.SUPPORT_JUDGE_TIMEOUT_MS),
        }),
    qdrant,
    config.SLACK_BOT_TOKEN === undefined
      ? notConfigured('Slack', 'SLACK_BOT_TOKEN unset: the admin console')
      : await checkSlack({
          apiUrl: config.SLACK_API_URL,
          botToken: config.SLACK_BOT_TOKEN,
          ...(config.SLACK_CHANNEL ? { channel: config.SLACK_CHANNEL } : {}),
          adminIds: config.SLACK_ADMIN_USER_IDS ?? [],
          timeoutMs,
        }),
    await checkStream(busOptionsFromEnv('cli-doctor', env), timeoutMs),
    await checkMigrations(config.DATABASE_URL, migrationNames(), timeoutMs),
  );
  return reports;
}

/** `cli doctor`: one line a part (or JSON), exit status 1 when any configured part fails. */
export async function doctorCommand(
  options: { json?: boolean; timeoutMs: number },
  io: { env: Record<string, string | undefined>; out: (line: string) => void } = {
    env: process.env,
    out: (line) => console.log(line),
  },
): Promise<boolean> {
  const reports = await runDoctor(io.env, options.timeoutMs);
  const ok = reports.every((report) => report.status !== 'fail');
  if (options.json) io.out(JSON.stringify({ ok, parts: reports }, null, 2));
  else for (const report of reports) io.out(reportLine(report));
  return ok;
}
