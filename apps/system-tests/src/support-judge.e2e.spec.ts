import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FakeOpenAiChatServer,
  FakeTeiServer,
  messageText,
  type RecordedChatRequest,
  searchThenQuote,
} from '@support/models/testing';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { parseChunksFromToolMessage } from '@support/policy';
import { eventually } from '@support/testing';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

// A model's faithful paraphrase that the reply check's word share fails, through the WebSocket:
// with a support judge (a TEI classifier) vouching for it, it reaches the customer; with the judge
// failing, it goes to a person and the turn trace says why.

const QUESTION = 'How long does delivery to Muscat take?';
const PARAPHRASE = 'Parcels headed for Muscat show up at your door after 3–4 working days';

/** Searches, then answers with the paraphrase, citing the chunk that speaks of Muscat. */
function respond(request: RecordedChatRequest) {
  const move = searchThenQuote(request);
  if (move.kind !== 'text') return move;
  const results = request.messages.findLast((m) => m.role === 'tool')!;
  const chunks = parseChunksFromToolMessage(messageText(results.content)) ?? [];
  const muscat = chunks.find((chunk) => chunk.text.includes('Muscat takes 3–4 working days'))!;
  return { kind: 'text' as const, text: `${PARAPHRASE} [${muscat.chunkId}].` };
}

describe('a support judge in the reply check, through the WebSocket', () => {
  let llm: FakeOpenAiChatServer;
  let judge: FakeTeiServer;
  let stack: SupportStack;
  const asked: string[] = [];

  beforeAll(async () => {
    llm = await FakeOpenAiChatServer.start({ respond });
    judge = await FakeTeiServer.start({ modelType: 'classifier' });
    judge.entailmentOf = (premise, hypothesis) => {
      asked.push(hypothesis);
      return premise.includes('Muscat takes 3') &&
        hypothesis.startsWith('Parcels headed for Muscat')
        ? 0.97
        : 0.02;
    };
    stack = await startSupportStack({
      env: { LLM_BASE_URL: llm.baseUrl, SUPPORT_JUDGE_URL: judge.url },
    });
  });
  afterAll(async () => {
    await stack?.close();
    await llm?.close();
    await judge?.close();
  });

  it('sends the paraphrase the judge vouched for', async () => {
    const { socket } = await stack.connect('cust-judge-1');
    const { reply } = await ask(socket, QUESTION);
    expect(reply.kind).toBe('answer');
    expect(String(reply.text)).toContain(PARAPHRASE);
    // Asked once, about the sentence as the checks read it, without its citation.
    expect(asked).toEqual([expect.stringMatching(/^Parcels headed for Muscat .*days\.$/)]);
    socket.close();
  });

  it('hands the paraphrase to a person when the judge fails, the trace saying why', async () => {
    judge.behaviour = 'error';
    const { socket, conversationId } = await stack.connect('cust-judge-2');
    const { reply } = await ask(socket, QUESTION);
    expect(reply.kind).toBe('abstention');
    expect(await socket.nextOfType('handed_to_human')).toMatchObject({
      reason: 'answer_validation_failed',
    });
    const reader = stack.gateway.app.get(TurnTraceReader);
    const trace = await eventually(async () => {
      const [turn] = await reader.ofConversation(conversationId);
      return turn?.reason !== null && turn?.reason !== undefined && turn;
    });
    expect(renderTrace(trace)).toMatch(
      /problem: unsupported_words: .*; support judge failed: model_unavailable/,
    );
    socket.close();
  });
});
