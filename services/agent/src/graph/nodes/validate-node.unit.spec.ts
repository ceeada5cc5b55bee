import { describe, expect, it } from '@jest/globals';
import type { Command } from '@langchain/langgraph';
import type { ChunkDto } from '@support/contracts';
import type { GlossaryPair } from '@support/language';
import type { AgentPorts, OutgoingReply } from '../agent-ports.js';
import type { AgentStateValue } from '../agent-state.js';
import { NODES } from './follow-route.js';
import { validateNode } from './validate-node.js';

// The shop's glossary reaches the reply check: its names are facts a draft may not swap.

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
) {
  const sent: OutgoingReply[] = [];
  const asked: (string | undefined)[] = [];
  const ports = {
    sendReply: async (_turn: unknown, reply: OutgoingReply) => void sent.push(reply),
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
    promptChunks: [CHUNK],
    draft,
  } as unknown as AgentStateValue;
  const command = (await validateNode(ports, { linkHosts: [] })(state)) as Command;
  return { goto: command.goto, sent, asked };
}

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
