import { describe, expect, it } from '@jest/globals';
import { formatChunksForPrompt, ORDER_TOOL_NAMES, type ToolSpec } from '@support/policy';
import type { ChatMessage } from '../chat-model.js';
import { ExtractiveResponder } from '../extractive-responder.js';

const TOOLS: ToolSpec[] = ['search_knowledge_base', ...ORDER_TOOL_NAMES, 'escalate'].map(
  (name) => ({ name, description: '', parameters: { type: 'object' } }),
);

const LIST = [
  'orders 1 orderId: ORD-1002.',
  'orders 1 status: shipped.',
  'orders 1 placedOn: 2026-12-02.',
  'orders 1 city: Dammam.',
  'orders 2 orderId: ORD-1003.',
  'orders 2 status: placed.',
  'orders 2 placedOn: 2026-12-03.',
  'orders 2 city: Riyadh.',
].join('\n');

const ELIGIBILITY = [
  'orderId: ORD-1001.',
  'status: delivered.',
  'deliveredOn: 2026-11-28.',
  'returnBy: 2026-12-19.',
  'daysLeft: 16.',
  'items 1 sku: ABY-CRP-BLK-54.',
  'items 1 name: Black crepe abaya.',
  'items 1 eligible: true.',
  'items 2 sku: FRG-OUD-50.',
  'items 2 name: Oud Al Layl eau de parfum 50 ml.',
  'items 2 eligible: true.',
  'items 2 condition: seal_unopened.',
].join('\n');

const responder = new ExtractiveResponder();
const complete = (messages: ChatMessage[]) => responder.complete({ messages, tools: TOOLS });

/** The conversation after the responder's call and the tool's record for it. */
function answered(messages: ChatMessage[], callId: string, name: string, record: string) {
  return [
    ...messages,
    {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: callId, name, arguments: {} }],
    },
    {
      role: 'tool' as const,
      toolCallId: callId,
      content: formatChunksForPrompt([
        { chunkId: `tool-${name.replace(/_/g, '-')}#1`, text: record },
      ]),
    },
  ];
}

describe('the extractive responder in an order conversation', () => {
  it('asks which order, then answers the order the customer names with the question asked first', async () => {
    const first: ChatMessage[] = [{ role: 'user', content: 'I want to return my order' }];
    const listCall = await complete(first);
    expect(listCall.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['list_my_orders', {}]]);
    const twoDelivered = LIST.replace('status: shipped', 'status: delivered').replace(
      'status: placed',
      'status: delivered',
    );
    const which = await complete(
      answered(first, listCall.toolCalls[0]!.id, 'list_my_orders', twoDelivered),
    );
    expect(which.text).toBe(
      'Which order: ORD-1002 (status: delivered, placedOn: 2026-12-02, city: Dammam) or ORD-1003 (status: delivered, placedOn: 2026-12-03, city: Riyadh) [tool-list-my-orders#1]?',
    );
    const next = await complete([
      ...first,
      { role: 'assistant', content: which.text },
      { role: 'user', content: 'the 1003 one' },
    ]);
    expect(next.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['check_return_eligibility', { orderId: 'ORD-1003' }],
    ]);
  });

  it('offers a return of the items that need nothing more, and starts it only when the customer says yes', async () => {
    const ask: ChatMessage[] = [{ role: 'user', content: 'Can I return ORD-1001?' }];
    const check = await complete(ask);
    expect(check.toolCalls.map((c) => c.name)).toEqual(['check_return_eligibility']);
    const offer = await complete(
      answered(ask, check.toolCalls[0]!.id, 'check_return_eligibility', ELIGIBILITY),
    );
    expect(offer.toolCalls).toEqual([]);
    expect(offer.text.split('\n').at(-1)).toBe(
      'Start a return of Black crepe abaya (sku: ABY-CRP-BLK-54) from ORD-1001 [tool-check-return-eligibility#1]?',
    );
    const conversation: ChatMessage[] = [
      ...answered(ask, check.toolCalls[0]!.id, 'check_return_eligibility', ELIGIBILITY),
      { role: 'assistant', content: offer.text },
    ];

    const yes = await complete([...conversation, { role: 'user', content: 'yes please' }]);
    expect(yes.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['start_return', { orderId: 'ORD-1001', skus: ['ABY-CRP-BLK-54'] }],
    ]);
    const arabicYes = await complete([...conversation, { role: 'user', content: 'ايوه' }]);
    expect(arabicYes.toolCalls.map((c) => c.name)).toEqual(['start_return']);

    const no = await complete([...conversation, { role: 'user', content: 'no thanks' }]);
    expect(no).toMatchObject({
      text: 'Is there anything else I can help you with?',
      toolCalls: [],
    });
  });

  it('hands a customer without any order to a human', async () => {
    const ask: ChatMessage[] = [{ role: 'user', content: 'وين طلبي؟' }];
    const list = await complete(ask);
    const none = await complete(answered(ask, list.toolCalls[0]!.id, 'list_my_orders', 'no data.'));
    expect(none.toolCalls.map((c) => c.name)).toEqual(['escalate']);
  });

  it('uses no order tool that the request does not offer', async () => {
    const completion = await responder.complete({
      messages: [{ role: 'user', content: 'Where is my order?' }],
      tools: TOOLS.filter((tool) => tool.name === 'search_knowledge_base'),
    });
    expect(completion.toolCalls.map((c) => c.name)).toEqual(['search_knowledge_base']);
  });
});
