import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@support/testing';
import pg from 'pg';
import { demoToken } from './support/browser-pages.js';
import { ObedientModel, type ModelView } from './support/obedient-model.js';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

const STACK_TIMEOUT_MS = 60_000;

/** Return requests recorded for an order, read from the agent's orders table. */
async function returnsOf(stack: SupportStack, orderId: string): Promise<number> {
  const client = new pg.Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_schema: string }>(
      `SELECT table_schema FROM information_schema.tables WHERE table_name = 'order_returns'`,
    );
    let count = 0;
    for (const { table_schema: schema } of rows) {
      const result = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${schema}".order_returns WHERE order_id = $1`,
        [orderId],
      );
      count += Number(result.rows[0]!.n);
    }
    return count;
  } finally {
    await client.end();
  }
}

const citedDocs = (reply: Record<string, unknown>) =>
  (reply.citations as { docId: string }[]).map((c) => c.docId);

describe('order questions through the WebSocket, with the embedded default responder', () => {
  let stack: SupportStack;
  beforeAll(async () => {
    stack = await startSupportStack();
  }, STACK_TIMEOUT_MS);
  afterAll(() => stack?.close(), 60_000);

  it('answers "where is my order?" from the order tool, cited, in English and in Arabic', async () => {
    const { socket } = await stack.connect('cust-1002');
    const english = await ask(socket, 'Where is my order?');
    expect(english.reply.kind).toBe('answer');
    expect(String(english.reply.text)).toMatch(
      /^Your order ORD-1005 is out for delivery in Dubai \[tool-get-order-status#\d+\]/,
    );
    expect(citedDocs(english.reply)).toEqual(['tool-get-order-status']);

    const arabic = await ask(socket, 'وين طلبي؟');
    expect(arabic.reply.kind).toBe('answer');
    expect(String(arabic.reply.text)).toMatch(
      /^طلبك ORD-1005 خرج للتوصيل في Dubai \[tool-get-order-status#\d+\]/,
    );
    expect(citedDocs(arabic.reply)).toEqual(['tool-get-order-status']);
    socket.close();
  });

  it('asks a customer with two orders on their way which one, then answers the one named', async () => {
    const { socket } = await stack.connect('cust-1001');
    const which = await ask(socket, 'Where is my order?');
    expect(which.reply.kind).toBe('answer');
    expect(String(which.reply.text)).toMatch(
      /^Which order do you mean: ORD-100[23] \((?:shipped|placed).*\) or ORD-100[23] \((?:shipped|placed).*\) \[tool-list-my-orders#1\]\?$/,
    );
    expect(String(which.reply.text)).toContain('ORD-1002');
    expect(String(which.reply.text)).toContain('ORD-1003');
    const chosen = await ask(socket, 'ORD-1003');
    expect(chosen.reply.kind).toBe('answer');
    expect(String(chosen.reply.text)).toMatch(/^Your order ORD-1003 was placed on /);
    expect(citedDocs(chosen.reply)).toEqual(['tool-get-order-status']);
    socket.close();
  });

  it('asks a customer with two orders which one a payment question is about, in Arabic', async () => {
    const { socket } = await stack.connect('cust-1002');
    const which = await ask(socket, 'هل تم دفع طلبي؟');
    expect(which.reply.kind).toBe('answer');
    expect(String(which.reply.text)).toMatch(
      /^أي طلب تقصد: ORD-100[56] \(.*\) أو ORD-100[56] \(.*\) \[tool-list-my-orders#1\]؟$/,
    );
    const chosen = await ask(socket, 'الطلب 1006');
    expect(chosen.reply.kind).toBe('answer');
    expect(String(chosen.reply.text)).toMatch(/^طلبك ORD-1006 مدفوع عبر البطاقة/);
    expect(citedDocs(chosen.reply)).toEqual(['tool-get-payment-status']);
    socket.close();
  });

  it('starts a return only after the customer confirms it in a later message', async () => {
    const { socket } = await stack.connect('cust-1001');
    const offer = await ask(socket, 'ابغى ارجع الطلب ORD-1001');
    expect(offer.reply.kind).toBe('answer');
    expect(String(offer.reply.text)).toMatch(
      /هل أبدأ إرجاع Black crepe abaya من الطلب ORD-1001 \[tool-check-return-eligibility#1\]؟$/,
    );
    expect(await returnsOf(stack, 'ORD-1001')).toBe(0);

    const started = await ask(socket, 'نعم');
    expect(started.reply.kind).toBe('answer');
    expect(String(started.reply.text)).toMatch(
      /^بدأ الإرجاع RET-[0-9A-F]+ من طلبك ORD-1001 لـ Black crepe abaya × 1 \[tool-start-return#\d+\]/,
    );
    expect(citedDocs(started.reply)).toEqual(['tool-start-return']);
    expect(await returnsOf(stack, 'ORD-1001')).toBe(1);
    socket.close();
  });

  it('answers another customer’s order number as not found', async () => {
    const { socket } = await stack.connect('cust-1002');
    const { reply } = await ask(socket, 'Where is ORD-1001?');
    expect(reply.kind).toBe('answer');
    expect(String(reply.text)).toBe(
      'No order with this number was found among your orders [tool-get-order-status#1].',
    );
    expect(String(reply.text)).not.toMatch(/abaya|Riyadh/);
    socket.close();
  });
});

describe('a chat model paraphrasing the knowledge base, faithfully or with a negation twisted in', () => {
  let stack: SupportStack;
  let model: ObedientModel;

  const QUESTION = {
    en: 'How long do I have to return items after delivery?',
    ar: 'كم يوم عندي لإرجاع المنتجات بعد التسليم؟',
  } as const;
  const SEARCH = {
    en: 'return items within 21 days of the delivery date',
    ar: 'إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم',
  } as const;
  // The returns sentence of kb/retail-returns.md and kb/ar-retail-returns.md, reworded.
  const SOURCE = { en: /within 21 days of the delivery date/, ar: /خلال 21 يوماً من تاريخ التسليم/ };
  const WORDING = {
    en: {
      faithful: 'Items can be returned within 21 days of the delivery date',
      twisted: 'Items cannot be returned within 21 days of the delivery date',
    },
    // The Arabic sentence states its condition in the same sentence: a paraphrase keeps it (one
    // that drops it is refused as a dropped condition).
    ar: {
      faithful:
        'يمكنك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم، بشرط أن تكون غير ملبوسة ولا مغسولة ولم يُجرَ عليها أي تعديل',
      twisted:
        'لا يحق لك إرجاع المنتجات خلال 21 يوماً من تاريخ التسليم، بشرط أن تكون غير ملبوسة ولا مغسولة ولم يُجرَ عليها أي تعديل',
    },
  } as const;

  function paraphrase(language: 'en' | 'ar', kind: 'faithful' | 'twisted') {
    return {
      // The model searches with the words of the policy, as a model that knows the shop would.
      calls: () => [{ name: 'search_knowledge_base', arguments: { query: SEARCH[language] } }],
      answer: (view: ModelView) => {
        const source = view.chunks.find((chunk) => SOURCE[language].test(chunk.text));
        return source
          ? `${WORDING[language][kind]} [${source.chunkId}].`
          : `no returns chunk among ${view.chunks.map((c) => c.chunkId).join(', ')}`;
      },
    };
  }

  async function tracedProblems(turnId: string): Promise<string[]> {
    const token = await demoToken(stack.gateway.url, 'analyst-1', 'analyst');
    return eventually(async () => {
      const response = await fetch(`${stack.gateway.url}/dashboard/traces/${turnId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) return false;
      const { trace } = (await response.json()) as {
        trace: { validation: { sentences: { problem?: string }[] } | null };
      };
      return trace.validation?.sentences.flatMap((s) => (s.problem ? [s.problem] : [])) ?? false;
    });
  }

  beforeAll(async () => {
    model = await ObedientModel.start();
    stack = await startSupportStack({
      env: { LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: '5000' },
    });
  }, STACK_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  }, 60_000);

  it.each(['en', 'ar'] as const)('passes a faithful paraphrase (%s)', async (language) => {
    model.script = paraphrase(language, 'faithful');
    const { socket } = await stack.connect(`cust-faithful-${language}`);
    const { reply } = await ask(socket, QUESTION[language]);
    expect(reply.text).toMatch(WORDING[language].faithful);
    expect(reply.kind).toBe('answer');
    socket.close();
  });

  it.each(['en', 'ar'] as const)(
    'ends a paraphrase that negates its source in the abstention (%s)',
    async (language) => {
      model.script = paraphrase(language, 'twisted');
      const { socket } = await stack.connect(`cust-twisted-${language}`);
      const { reply, turnId } = await ask(socket, QUESTION[language]);
      expect(reply.kind).toBe('abstention');
      expect(String(reply.text)).not.toContain(WORDING[language].twisted);
      expect(await socket.nextOfType('handed_to_human')).toMatchObject({
        reason: 'answer_validation_failed',
      });
      expect(await tracedProblems(turnId)).toEqual(['negation_mismatch: sentence_negates']);
      socket.close();
    },
  );
});
