import { describe, expect, it } from '@jest/globals';
import {
  formatChunksForPrompt,
  ORDER_TOOL_NAMES,
  orderRecordText,
  type ToolSpec,
} from '@support/policy';
import type { ChatMessage } from '../chat-model.js';
import { ExtractiveResponder } from '../extractive-responder.js';

const TOOLS: ToolSpec[] = ['search_knowledge_base', ...ORDER_TOOL_NAMES, 'escalate'].map(
  (name) => ({ name, description: '', parameters: { type: 'object' } }),
);

const LIST = {
  orders: [
    { orderId: 'ORD-1002', status: 'shipped', placedOn: '2026-12-02', city: 'Dammam' },
    { orderId: 'ORD-1003', status: 'placed', placedOn: '2026-12-03', city: 'Riyadh' },
  ],
};

const ELIGIBILITY = {
  orderId: 'ORD-1001',
  status: 'delivered',
  deliveredOn: '2026-11-28',
  returnBy: '2026-12-19',
  daysLeft: 16,
  items: [
    { sku: 'ABY-CRP-BLK-54', name: 'Black crepe abaya', eligible: true },
    {
      sku: 'FRG-OUD-50',
      name: 'Oud Al Layl eau de parfum 50 ml',
      eligible: true,
      condition: 'seal_unopened',
    },
  ],
};

const responder = new ExtractiveResponder();
const complete = (messages: ChatMessage[]) => responder.complete({ messages, tools: TOOLS });

/** The conversation after the responder's call and the tool's record for it, as the agent writes it. */
function answered(messages: ChatMessage[], callId: string, name: string, result: object) {
  const { title, sentences } = orderRecordText(name, result, 'en');
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
        { chunkId: `tool-${name.replace(/_/g, '-')}#1`, title, text: sentences.join('\n') },
      ]),
      data: result,
    },
  ];
}

describe('the extractive responder in an order conversation', () => {
  it('asks which order, then answers the order the customer names with the question asked first', async () => {
    const first: ChatMessage[] = [{ role: 'user', content: 'I want to return my order' }];
    const listCall = await complete(first);
    expect(listCall.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['list_my_orders', {}]]);
    const twoDelivered = {
      orders: LIST.orders.map((order) => ({ ...order, status: 'delivered' })),
    };
    const which = await complete(
      answered(first, listCall.toolCalls[0]!.id, 'list_my_orders', twoDelivered),
    );
    expect(which.text).toBe(
      'Which order do you mean: ORD-1002 (delivered, placed on 2 December 2026) or ORD-1003 (delivered, placed on 3 December 2026) [tool-list-my-orders#1]?',
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
      'Shall I start a return of Black crepe abaya from order ORD-1001 [tool-check-return-eligibility#1]?',
    );
    const conversation: ChatMessage[] = [
      ...answered(ask, check.toolCalls[0]!.id, 'check_return_eligibility', ELIGIBILITY),
      { role: 'assistant', content: offer.text },
    ];

    // Yes: what can go back is read again, then the return starts for the items offered.
    const yes: ChatMessage[] = [...conversation, { role: 'user', content: 'yes please' }];
    const recheck = await complete(yes);
    expect(recheck.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['check_return_eligibility', { orderId: 'ORD-1001' }],
    ]);
    const start = await complete(
      answered(yes, recheck.toolCalls[0]!.id, 'check_return_eligibility', ELIGIBILITY),
    );
    expect(start.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['start_return', { orderId: 'ORD-1001', skus: ['ABY-CRP-BLK-54'] }],
    ]);
    const arabicYes = await complete([...conversation, { role: 'user', content: 'ايوه' }]);
    expect(arabicYes.toolCalls.map((c) => c.name)).toEqual(['check_return_eligibility']);

    const no = await complete([...conversation, { role: 'user', content: 'no thanks' }]);
    expect(no).toMatchObject({
      text: 'Is there anything else I can help you with?',
      toolCalls: [],
    });
  });

  it('hands a customer without any order to a human', async () => {
    const ask: ChatMessage[] = [{ role: 'user', content: 'وين طلبي؟' }];
    const list = await complete(ask);
    const none = await complete(
      answered(ask, list.toolCalls[0]!.id, 'list_my_orders', { orders: [] }),
    );
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
