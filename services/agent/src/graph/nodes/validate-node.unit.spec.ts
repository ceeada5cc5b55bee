import { describe, expect, it } from '@jest/globals';
import type { Command } from '@langchain/langgraph';
import type { ChunkDto } from '@support/contracts';
import type { ValidationVerdict } from '@support/citations';
import type { GlossaryPair } from '@support/language';
import { type EntailmentPair, ModelTimeout, type SupportJudge } from '@support/models';
import type { AgentPorts, OutgoingReply } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { NODES } from './follow-route.js';
import { validateNode } from './validate-node.js';

const CHUNK = {
  chunkId: 'exchanges#2',
  docId: 'exchanges',
  title: 'Exchanges',
  lang: 'en',
  text: 'Exchanges in person are done at our Seef Mall branch only. Bring the receipt.',
  score: 0.9,
} as ChunkDto;
const GLOSSARY: GlossaryPair[] = [
  { en: ['Seef Mall'], ar: ['مجمع السيف'] },
  { en: ['Riffa'], ar: ['الرفاع'] },
];

async function validate(
  draft: string,
  glossary: readonly GlossaryPair[] | undefined,
  language: 'en' | 'ar' = 'en',
  { chunks = [CHUNK], supportJudge }: { chunks?: ChunkDto[]; supportJudge?: SupportJudge } = {},
) {
  const sent: OutgoingReply[] = [];
  const asked: (string | undefined)[] = [];
  const ports = {
    sendReply: async (_turn: unknown, reply: OutgoingReply) => void sent.push(reply),
    recordOutcome: async () => undefined,
    ...(supportJudge ? { supportJudge } : {}),
    ...(glossary
      ? {
          glossary: async (namespace: string | undefined) => {
            asked.push(namespace);
            return glossary;
          },
        }
      : {}),
  } as unknown as AgentPorts;
  const state = {
    customerId: 'cust-1',
    conversationId: 'conv-1',
    turnId: 'turn-1',
    causeEventId: null,
    synthetic: false,
    question: 'Where can I exchange in person?',
    namespace: 'shop_a',
    language,
    promptChunks: chunks,
    draft,
  } as unknown as AgentStateValue;
  const command = (await validateNode(ports, { linkHosts: [], minEntailment: 0.9 })(
    state,
  )) as Command;
  const { validation } = command.update as { validation: ValidationVerdict };
  return { goto: command.goto, sent, asked, validation };
}

// The shop's glossary reaches the reply check: its names are facts a draft may not swap.
describe('validate node: the knowledge base glossary', () => {
  it('asks for the turn’s namespace and escalates a draft that swaps a name the glossary holds', async () => {
    const swapped = await validate(
      'You can exchange in person at our Riffa branch only [exchanges#2].',
      GLOSSARY,
    );
    expect(swapped.asked).toEqual(['shop_a']);
    expect(swapped.goto).toEqual([NODES.forceEscalate]);
    expect(swapped.sent).toEqual([]);
  });

  it('sends a draft that keeps the name, in either language', async () => {
    for (const [draft, language] of [
      ['You can exchange in person at our Seef Mall branch only [exchanges#2].', 'en'],
      ['يمكنك الاستبدال في فرع مجمع السيف فقط [exchanges#2].', 'ar'],
    ] as const) {
      const kept = await validate(draft, GLOSSARY, language);
      expect(kept.sent.map((r) => r.kind)).toEqual(['answer']);
    }
  });
});

// A support judge may pass what only the word share failed, and nothing else.
describe('validate node: the support judge', () => {
  const RETURNS = {
    ...CHUNK,
    chunkId: 'returns#1',
    docId: 'returns',
    title: 'Returns',
    text: 'You can return items within 21 days of the delivery date.',
  } as ChunkDto;
  const PARAPHRASE =
    'You have three weeks after your parcel arrives to send things back [returns#1].';

  /** A judge answering `answer` for every pair (or failing with it), recording what it was asked. */
  function judge(answer: number | Error) {
    const calls: EntailmentPair[][] = [];
    const port: SupportJudge = {
      entailment: async (pairs) => {
        calls.push([...pairs]);
        if (answer instanceof Error) throw answer;
        return pairs.map(() => answer);
      },
    };
    return { port, calls };
  }
  const run = (draft: string, supportJudge?: SupportJudge) =>
    validate(draft, undefined, 'en', { chunks: [RETURNS], supportJudge });

  it('escalates a faithful paraphrase the word share fails when there is no judge', async () => {
    const unjudged = await run(PARAPHRASE);
    expect(unjudged.goto).toEqual([NODES.forceEscalate]);
    expect(unjudged.validation.sentences[0]!.problem).toBe(
      'unsupported_words: parcel, send, things, back',
    );
  });

  it('asks the judge once, with the cited chunk and the sentence, and sends what it vouched for', async () => {
    const { port, calls } = judge(0.97);
    const judged = await run(PARAPHRASE, port);
    expect(calls).toEqual([
      [
        {
          premise: RETURNS.text,
          hypothesis: 'You have three weeks after your parcel arrives to send things back.',
        },
      ],
    ]);
    expect(judged.sent.map((r) => r.kind)).toEqual(['answer']);
    expect(judged.validation.sentences).toEqual([expect.objectContaining({ ok: true })]);
  });

  it('escalates when the judge is not sure enough, its answer beside the problem', async () => {
    const doubted = await run(PARAPHRASE, judge(0.6).port);
    expect(doubted.goto).toEqual([NODES.forceEscalate]);
    expect(doubted.sent).toEqual([]);
    expect(doubted.validation.sentences[0]!.problem).toBe(
      'unsupported_words: parcel, send, things, back; support judge: entailment 0.60 (min 0.9)',
    );
  });

  it('keeps the first verdict, and says why, when the judge fails', async () => {
    const failed = await run(PARAPHRASE, judge(new ModelTimeout('no answer', 2_000)).port);
    expect(failed.goto).toEqual([NODES.forceEscalate]);
    expect(failed.sent).toEqual([]);
    expect(failed.validation.sentences[0]!.problem).toBe(
      'unsupported_words: parcel, send, things, back; support judge failed: model_timeout',
    );
  });

  it('does not ask when another sentence fails on what no judge decides (a quantity)', async () => {
    const { port, calls } = judge(1);
    const draft = `${PARAPHRASE} Refunds take 30 days [returns#1].`;
    const refused = await run(draft, port);
    expect(calls).toEqual([]);
    expect(refused.goto).toEqual([NODES.forceEscalate]);
  });

  it('does not ask about a reply that passed', async () => {
    const { port, calls } = judge(0);
    const passed = await run('You can return items within 21 days [returns#1].', port);
    expect(calls).toEqual([]);
    expect(passed.sent.map((r) => r.kind)).toEqual(['answer']);
  });
});
