import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { MemorySaver } from '@langchain/langgraph';
import {
  agentOwnEnv,
  type AgentPorts,
  type AgentStateValue,
  buildAgentGraph,
  checkDraft,
  newTurnInput,
  type ReplyChecks,
} from '@support/agent';
import { supportQuestions } from '@support/citations';
import { chatModelFromConfig, llmEnv } from '@support/models';
import { loadConfig } from '@support/platform';
import { detectLanguage } from '@support/text';
import { localRetrieval } from '../local-retrieval.js';
import { DRAFT_CATEGORIES, DRAFT_LANGS, type DraftCase, type DraftSet } from './draft-set.js';
import {
  type DraftRow,
  type DraftTable,
  draftOutcome,
  scoreDrafts,
  type TurnEnd,
} from './draft-scores.js';
import { resolvePlaceholders, sectionChunks } from './placeholders.js';
import { ScriptedDraftsModel } from './scripted-drafts-model.js';

/**
 * Retrieval for the bench: the service's defaults but an answerability floor of 0, so a draft is
 * never stopped by retrieval's gate before its reply is checked (the bench measures the reply
 * check; the floor has its own calibration, docs/calibration.md).
 */
const BENCH_RETRIEVAL_ENV = { LEXICAL_MIN_SCORE: '0', RERANK_MIN_SCORE: '0' };

export interface DraftsBenchResult {
  readonly rows: DraftRow[];
  readonly table: DraftTable;
  readonly seconds: number;
}

/**
 * `bench drafts`: every draft of every set through the agent's real graph (prompt window, model
 * node, tools node with the embedded default retrieval over the set's kb/, validate node, forced
 * escalation), with the OpenAI-compatible chat adapter talking to a scripted model over HTTP that
 * answers each question with its draft. Each draft is its own conversation.
 */
export async function draftsBench(sets: readonly DraftSet[]): Promise<DraftsBenchResult> {
  const started = performance.now();
  const llm = loadConfig(llmEnv, { LLM_MAX_RETRIES: '0' });
  const model = await ScriptedDraftsModel.start(llm.LLM_MODEL);
  const rows: DraftRow[] = [];
  try {
    const chatModel = chatModelFromConfig({ ...llm, LLM_BASE_URL: model.server.baseUrl });
    // The agent's own settings as the service reads them (REPLY_MIN_SUPPORTED_SHARE and the like
    // can be tried from the shell); the defaults when unset.
    const agent = loadConfig(agentOwnEnv, process.env);
    for (const set of sets) {
      const namespace = `drafts-${set.name}`;
      const { indexer, pipeline } = localRetrieval({
        env: BENCH_RETRIEVAL_ENV,
        glossary: set.glossary,
      });
      for (const doc of set.docs)
        if ((await indexer.indexDocument(namespace, doc)).kind === 'quarantined')
          console.error(
            `bench drafts: ${set.name}: ${doc.docId} is refused by ingestion's screening; drafts citing it are not reached`,
          );
      const sections = sectionChunks(set.docs);
      for (const section of sections.values())
        if (section.chunks > 1)
          console.error(
            `bench drafts: ${set.name}: section "${section.heading}" of ${section.docId} makes ${section.chunks} chunks; its drafts cite the first (${section.chunkId})`,
          );
      let shown: { text: string } | undefined;
      let escalated = false;
      const ports: AgentPorts = {
        chatModel,
        tools: [],
        searchKnowledgeBase: async (query, _turn, callId) => ({
          ...(await pipeline.retrieve(query, trace(), namespace)),
          requestId: callId,
        }),
        sendReply: async (_turn, reply) => {
          if (reply.kind === 'answer') shown = { text: reply.text };
        },
        raiseEscalation: async () => {
          escalated = true;
        },
        // Retrieval's floor is 0 here, so the gate never fails and nothing is clarified.
        offerClarification: async () => {
          throw new Error('bench drafts: a clarification was offered although the floor is 0');
        },
        recordChoice: async () => undefined,
        recordOutcome: async () => undefined,
        glossary: async () => set.glossary,
        now: () => new Date(),
      };
      const checks: ReplyChecks = {
        linkHosts: agent.REPLY_LINK_HOSTS ?? [],
        minSupportedShare: agent.REPLY_MIN_SUPPORTED_SHARE,
      };
      const graph = buildAgentGraph(ports, new MemorySaver(), {
        ...checks,
        promptBudget: {
          contextTokens: agent.MODEL_CONTEXT_TOKENS,
          answerTokens: agent.MODEL_ANSWER_TOKENS,
        },
      });
      for (const draft of set.cases) {
        shown = undefined;
        escalated = false;
        const answer = resolvePlaceholders(draft.draft, sections);
        model.script(answer);
        const config = { configurable: { thread_id: `${set.name}:${draft.id}:${randomUUID()}` } };
        await graph.invoke(
          newTurnInput({
            customerId: 'bench-drafts',
            conversationId: config.configurable.thread_id,
            turnId: randomUUID(),
            language: detectLanguage(draft.question),
            question: draft.question,
            text: draft.question,
            images: [],
          }),
          config,
        );
        const state = (await graph.getState(config)).values as AgentStateValue & TurnEnd;
        const outcome = draftOutcome({
          seen: model.answered,
          cited: answer.cited,
          shown,
          escalated,
          state,
        });
        // What a support judge would be asked (the graph has none here, so nothing is judged).
        const questions =
          outcome.outcome === 'escalated' && state.escalationReason === 'answer_validation_failed'
            ? judgeQuestionsOf(state, checks, set.glossary)
            : 0;
        rows.push({
          set: set.name,
          ...pick(draft),
          ...outcome,
          ...(model.answered ? { searches: model.answered.searches } : {}),
          ...(questions > 0 ? { supportQuestions: questions } : {}),
        });
      }
    }
  } finally {
    await model.close();
  }
  return {
    rows,
    table: scoreDrafts(rows, DRAFT_CATEGORIES, DRAFT_LANGS),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** How many sentences a support judge would be asked about, the draft checked as the node does. */
function judgeQuestionsOf(
  state: AgentStateValue,
  checks: ReplyChecks,
  glossary: DraftSet['glossary'],
): number {
  const { checked, verdict } = checkDraft(state, checks, glossary);
  return supportQuestions(checked, verdict).length;
}

const pick = (draft: DraftCase) => ({
  id: draft.id,
  label: draft.label,
  category: draft.category,
  lang: draft.lang,
  note: draft.note,
});

export function writeDraftRows(file: string, rows: readonly DraftRow[]): void {
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
}

function trace() {
  const requestId = randomUUID();
  return {
    requestId,
    conversationId: null,
    turnId: null,
    correlationId: requestId,
    causationId: null,
  };
}
