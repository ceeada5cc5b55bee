import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  openCustomerMessage,
  openReply,
  PersonalData,
  sealCustomerMessage,
  sealReply,
} from '@support/privacy';
import { InMemoryCustomerKeyStore } from '@support/privacy/testing';

/** A customer message as the gateway receives one: Gulf Arabic with an order number and a phone. */
const MESSAGE =
  'السلام عليكم، طلبي ORD-1001 ما وصل لين الحين، رقمي 0551234567 والعنوان حي النرجس، الرياض. ' +
  'Can you check when it will arrive? I paid by card.';

/** An answer as the agent sends it: its draft, and the verdict's three sentences. */
const SENTENCES = [
  'Your order ORD-1001 left our warehouse yesterday [delivery-times-fees#2].',
  'Deliveries inside Riyadh take 1 to 2 working days [delivery-times-fees#3].',
  'You will get an SMS on 0551234567 when the courier is on the way [delivery-times-fees#4].',
];
const REPLY = {
  text: SENTENCES.join(' '),
  draft: SENTENCES.join(' '),
  validation: {
    passed: true,
    sentences: SENTENCES.map((text) => ({ text, factual: true, citations: [], ok: true })),
  },
};

/**
 * `privacy [--messages 20000]` (in process): what sealing costs per turn. The gateway seals each
 * message (text; and a photo's bytes when there is one), the agent opens it: µs per message for
 * text only and with a 100 KB photo, keys cached as in a running service (one key-store read per
 * customer per CUSTOMER_KEY_CACHE_MS is not counted: one indexed query). Then the rest of an
 * answered turn: the agent seals the query and the reply (text, draft, three sentences), retrieval
 * opens the query and seals the rerank query beside it, the reranker proxy opens that, and the
 * gateway opens the reply's text.
 */
export async function privacyBench(
  options: { messages: number },
  print: (row: Record<string, unknown>) => void,
): Promise<void> {
  const personalData = new PersonalData(new InMemoryCustomerKeyStore(), randomBytes(32));
  const photo = { ...photoAttachment(randomBytes(100_000)) };
  for (const withPhoto of [false, true]) {
    const message = { text: MESSAGE, attachments: withPhoto ? [photo] : [] };
    const customers = 1_000;
    // Warm: each customer's key made once, as after their first message.
    for (let c = 0; c < customers; c++) await sealCustomerMessage(personalData, `c-${c}`, message);
    const count = withPhoto ? Math.max(1, Math.floor(options.messages / 10)) : options.messages;
    let sealMs = 0;
    let openMs = 0;
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const sealed = await sealCustomerMessage(personalData, `c-${i % customers}`, message);
      const between = performance.now();
      await openCustomerMessage(personalData, sealed);
      openMs += performance.now() - between;
      sealMs += between - started;
    }
    print({
      bench: 'privacy',
      message: withPhoto ? 'text + 100 KB photo' : 'text',
      messages: count,
      text_chars: MESSAGE.length,
      seal_us_per_message: Math.round((sealMs * 1000) / count),
      open_us_per_message: Math.round((openMs * 1000) / count),
    });
  }
  await restOfTurn(personalData, options.messages, print);
}

async function restOfTurn(
  personalData: PersonalData,
  turns: number,
  print: (row: Record<string, unknown>) => void,
): Promise<void> {
  const spent = { seal: 0, open: 0 };
  const timed = async <T>(kind: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    spent[kind] += performance.now() - started;
    return result;
  };
  for (let i = 0; i < turns; i++) {
    const customerId = `c-${i % 1_000}`;
    const query = await timed('seal', () => personalData.sealText(customerId, MESSAGE));
    const opened = await timed('open', () => personalData.openText(query));
    const rerankQuery = await timed('seal', () => personalData.sealTextBeside(query, MESSAGE));
    if (opened.kind !== 'open' || rerankQuery?.kind !== 'open') throw new Error('not opened');
    await timed('open', () => personalData.openText(rerankQuery.value));
    const reply = await timed('seal', () => sealReply(personalData, customerId, REPLY));
    await timed('open', () => openReply(personalData, { text: reply.text }));
  }
  print({
    bench: 'privacy',
    message: 'rest of an answered turn: query, rerank query, reply (draft, 3 sentences)',
    turns,
    seals_per_turn: 7,
    opens_per_turn: 3,
    seal_us_per_turn: Math.round((spent.seal * 1000) / turns),
    open_us_per_turn: Math.round((spent.open * 1000) / turns),
  });
}

function photoAttachment(bytes: Buffer) {
  return {
    attachmentId: '3c9d1f2e-1111-4a0e-9a3c-0a8f5f1d2c31',
    mimeType: 'image/png' as const,
    fileName: 'door.png',
    sizeBytes: bytes.length,
    sha256: 'a'.repeat(64),
    dataBase64: bytes.toString('base64'),
  };
}
