import { describe, expect, it } from '@jest/globals';
import { validateReply } from '@support/citations';
import type { ChunkDto, Language } from '@support/contracts';
import { type ChatMessage, ExtractiveResponder } from '@support/models';
import { checkReplyLanguage, formatChunksForPrompt, type ToolSpec } from '@support/policy';
import { demoOrders } from '../orders/demo-orders.js';
import type { OrderStore } from '../orders/order-repository.js';
import type { Order } from '../orders/order-rules.js';
import { orderTools } from '../orders/order-tools.js';
import { toolResultAsChunk } from './tool-records.js';

// The embedded default answers order questions from the order tools' records. Every answer it
// gives for the demo orders, in both languages, must pass the same checks as the agent's validate
// node: cited, supported by the records, in the customer's language.

const NOW = new Date('2026-12-03T09:00:00Z');

/** The demo orders read in memory: the tools' rules, without the database. */
function readOnlyStore(orders: readonly Order[]): OrderStore {
  return {
    findForCustomer: async (customerId) => orders.filter((o) => o.customerId === customerId),
    findOwned: async (customerId, orderId) =>
      orders.find((o) => o.customerId === customerId && o.id === orderId) ?? null,
    recordReturn: async () => {
      throw new Error('this test starts no return');
    },
  };
}

const tools = orderTools(readOnlyStore(demoOrders(NOW)));
const specs: ToolSpec[] = [
  { name: 'search_knowledge_base', description: '', parameters: { type: 'object' } },
  ...tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.parameters as ToolSpec['parameters'],
  })),
  { name: 'escalate', description: '', parameters: { type: 'object' } },
];

interface Turn {
  text: string;
  calls: string[];
  chunks: ChunkDto[];
}

/** One turn as the graph runs it: model, tools, model ... until the model answers in text. */
async function turn(customerId: string, question: string, language: Language): Promise<Turn> {
  const responder = new ExtractiveResponder();
  const messages: ChatMessage[] = [{ role: 'user', content: question }];
  const chunks: ChunkDto[] = [];
  const calls: string[] = [];
  for (let step = 0; step < 6; step += 1) {
    const completion = await responder.complete({ messages, tools: specs });
    if (completion.toolCalls.length === 0) return { text: completion.text, calls, chunks };
    messages.push({ role: 'assistant', content: '', toolCalls: completion.toolCalls });
    for (const call of completion.toolCalls) {
      calls.push(call.name);
      const tool = tools.find((t) => t.name === call.name);
      if (!tool) return { text: '', calls, chunks };
      const output = await tool.run(call.arguments, {
        customerId,
        now: NOW,
        turnId: 't1',
        callId: call.id,
      });
      const record = toolResultAsChunk(call.name, chunks.length + 1, output, language);
      chunks.push(record);
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        content: formatChunksForPrompt([record]),
        data: output,
      });
    }
  }
  throw new Error('no answer in 6 steps');
}

function refusals(answer: Turn, language: Language): string[] {
  const verdict = checkReplyLanguage(validateReply(answer.text, answer.chunks), language);
  return verdict.sentences.filter((s) => !s.ok).map((s) => `${s.text} -> ${s.problem}`);
}

const QUESTIONS: [string, string, Language][] = [
  ['cust-1001', 'Where is ORD-1002?', 'en'],
  ['cust-1001', 'What is the status of order ORD-1001?', 'en'],
  ['cust-1001', 'Can I return ORD-1001?', 'en'],
  ['cust-1001', 'Is ORD-1004 eligible for a return?', 'en'],
  ['cust-1002', 'I want to return ORD-1006', 'en'],
  ['cust-1001', 'Has ORD-1003 been paid?', 'en'],
  ['cust-1001', 'Where is my refund for ORD-1004?', 'en'],
  ['cust-1002', 'Where is my order?', 'en'],
  ['cust-1001', 'Where is my order?', 'en'],
  ['cust-1001', 'Show me all my orders', 'en'],
  ['cust-1001', 'Where is ORD-1005?', 'en'],
  ['cust-2002', 'Was my order refunded?', 'en'],
  ['cust-1001', 'وين طلبي ORD-1002؟', 'ar'],
  ['cust-1001', 'ما حالة الطلب رقم 1001؟', 'ar'],
  ['cust-1001', 'ابغى ارجع الطلب ORD-1001', 'ar'],
  ['cust-1002', 'ابي ارجع ORD-1006', 'ar'],
  ['cust-1001', 'هل تم دفع الطلب ORD-1003؟', 'ar'],
  ['cust-1002', 'وين طلبي؟', 'ar'],
  ['cust-1001', 'فين طلبي؟', 'ar'],
  ['cust-1001', 'وين طلبي ORD-1005؟', 'ar'],
  ['cust-2002', 'وين فلوسي من طلبي؟', 'ar'],
];

describe('the extractive responder on order questions, checked like the agent checks it', () => {
  it.each(QUESTIONS)(
    '%s: "%s" is answered from the order tools and passes',
    async (customer, question, language) => {
      const answer = await turn(customer, question, language);
      expect(answer.calls.length).toBeGreaterThan(0);
      expect(answer.calls).not.toContain('search_knowledge_base');
      expect(answer.calls).not.toContain('start_return');
      expect(answer.text).toMatch(/\[tool-[a-z-]+#\d+\]/);
      // Sentences a customer reads, never the record's field names.
      expect(answer.text).not.toMatch(/\b(?:status|progress|expectedFrom|placedOn|sku|quantity):/);
      expect(refusals(answer, language)).toEqual([]);
    },
  );

  it('answers another customer’s order number as not found, quoting the tool', async () => {
    const answer = await turn('cust-1002', 'Where is ORD-1001?', 'en');
    expect(answer.calls).toEqual(['get_order_status']);
    expect(answer.text).toContain('No order with this number was found');
    expect(answer.text).not.toContain('Black crepe abaya');
    expect(refusals(answer, 'en')).toEqual([]);
  });

  it('asks a customer with two orders in transit which one, listing both from the list record', async () => {
    const answer = await turn('cust-1001', 'Where is my order?', 'en');
    expect(answer.calls).toEqual(['list_my_orders']);
    expect(answer.text).toMatch(/ORD-1002.*ORD-1003.*\[tool-list-my-orders#1\]\?$/);
    const arabic = await turn('cust-1001', 'وين طلبي؟', 'ar');
    expect(arabic.text).toMatch(/^أي طلب تقصد: .*ORD-1002.*ORD-1003.*؟$/);
  });

  it('answers the one order in transit of a customer without asking', async () => {
    const answer = await turn('cust-1002', 'Where is my order?', 'en');
    expect(answer.calls).toEqual(['list_my_orders', 'get_order_status']);
    expect(answer.text).toMatch(/^Your order ORD-1005 is out for delivery in Dubai \[/);
  });

  it('leaves questions about how the shop works to the knowledge base', async () => {
    for (const question of [
      'How do I return my order?',
      'How long do I have to return a dress?',
      'كيف ارجع طلبي؟',
      'What payment methods do you accept?',
    ]) {
      const answer = await turn('cust-1001', question, 'en');
      expect(answer.calls).toEqual(['search_knowledge_base']);
    }
  });
});
