import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderTrace, TurnTraceReader } from '@support/persistence';
import { eventually } from '@support/testing';
import { ask, startSupportStack, type SupportStack } from './support/support-stack.js';

// The Muscat chunk passes the chunk floor, but its only Muscat sentence states a duration
// ("Muscat takes 3–4 working days"): nothing in the prompt says what Muscat delivery costs.
const PRICE_QUESTION = 'How much does delivery to Muscat cost?';

describe('the sentence gate of the embedded default responder, through the WebSocket', () => {
  let stack: SupportStack;
  beforeAll(async () => {
    stack = await startSupportStack();
  });
  afterAll(() => stack.close());

  it('escalates as below_score_floor when chunks pass but no sentence answers, with the scores in the trace', async () => {
    const { socket, conversationId } = await stack.connect('cust-sentence-gate');
    const { reply } = await ask(socket, PRICE_QUESTION);
    expect(reply.kind).toBe('abstention');
    expect(await socket.nextOfType('handed_to_human')).toMatchObject({
      reason: 'below_score_floor',
    });

    const reader = stack.gateway.app.get(TurnTraceReader);
    const trace = await eventually(async () => {
      const [turn] = await reader.ofConversation(conversationId);
      return turn?.retrieval?.gate?.sentence !== undefined && turn.reason !== null && turn;
    });
    expect(trace.reason).toBe('below_score_floor');
    const gate = trace.retrieval!.gate!;
    // The chunks cleared their own floor: the sentence gate is what refused.
    expect(gate.topScore!).toBeGreaterThanOrEqual(gate.floor);
    expect(gate.passed).toBe(false);
    expect(gate.sentence!.passed).toBe(false);
    expect(gate.sentence!.sentences.length).toBeGreaterThan(0);
    for (const sentence of gate.sentence!.sentences)
      expect(sentence.score).toBeLessThan(gate.sentence!.floor);
    expect(renderTrace(trace)).toMatch(/sentence gate: best \d\.\d{3} vs floor 0\.500: FAILED/);
    socket.close();
  });

  it('still answers the question the same chunks do answer', async () => {
    const { socket } = await stack.connect('cust-sentence-gate-2');
    const { reply } = await ask(socket, 'How long does delivery to Muscat take?');
    expect(reply.kind).toBe('answer');
    expect(String(reply.text)).toMatch(/Muscat takes 3–4 working days/);
    socket.close();
  });
});
