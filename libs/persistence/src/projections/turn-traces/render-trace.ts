import type { TurnTraceState } from './turn-trace-model.js';

const NONE = '  (none recorded)';
const indent = (text: string, prefix = '    ') =>
  text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
const score = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : n.toFixed(3);

const ROUTE_WHY: Record<string, string> = {
  validation_passed: 'the draft passed validation and was sent as the answer',
  human_active: 'a human has the conversation; a holding note was sent',
  retrieval_unavailable: 'retrieval was unavailable',
  below_score_floor: 'the best chunk scored below the floor',
  answer_validation_failed: 'the draft failed validation',
  rephrase_requested:
    'the draft asked the customer to rephrase: the chunks were there, no answer was',
  agent_requested: 'the agent asked for a human',
};

/** A human-readable trace of one turn, section by section, from its turn_traces row. */
export function renderTrace(trace: TurnTraceState): string {
  const out: string[] = [];
  const section = (title: string) => out.push('', `== ${title}`);

  out.push(`Turn ${trace.turnId}  conversation ${trace.conversationId ?? '-'}`);
  if (trace.synthetic) out.push('  evaluation traffic (synthetic): not in the dashboard');

  section('Customer message');
  if (trace.customerMessage === null) out.push(NONE);
  else {
    out.push(`  at ${trace.messageAt}  (message ${trace.customerMessageId})`);
    out.push(indent(trace.customerMessage === '' ? '(no text)' : trace.customerMessage));
  }

  section('Route');
  if (trace.route === null) out.push('  (no route yet: the turn has no reply or escalation)');
  else {
    const why = trace.reason
      ? ` — ${trace.reason}: ${ROUTE_WHY[trace.reason] ?? trace.reason}`
      : '';
    out.push(`  ${trace.route}${why}`);
    if (trace.escalationId) out.push(`  escalation ${trace.escalationId}`);
  }
  out.push(`  latency: ${trace.latencyMs === null ? '-' : `${trace.latencyMs} ms`}`);

  const r = trace.retrieval;
  section('Retrieval legs');
  if (!r) out.push(NONE);
  else {
    out.push(
      `  request ${r.requestId}  language ${r.language}  verdict ${r.verdict}  ${r.latencyMs} ms`,
    );
    for (const leg of r.legs)
      out.push(
        `  ${leg.leg.padEnd(10)} ${leg.status.padEnd(10)} ${String(leg.latencyMs).padStart(6)} ms ` +
          `${String(leg.hits).padStart(4)} hits${leg.error ? `  error ${leg.error.code}${leg.error.message ? `: ${leg.error.message}` : ''}` : ''}`,
      );
  }

  section('Fused list (RRF)');
  if (!r || r.fused.length === 0) out.push(NONE);
  else
    r.fused.forEach((hit, i) => {
      const ranks = Object.entries(hit.ranks)
        .map(([leg, rank]) => `${leg}#${rank}`)
        .join(' ');
      out.push(
        `  ${String(i + 1).padStart(2)}. ${hit.chunkId}  doc ${hit.docId}  rrf ${hit.rrfScore.toFixed(4)}  ${ranks}`,
      );
    });

  section('Reranker');
  if (!r?.rerank) out.push(NONE);
  else {
    const rr = r.rerank;
    if (rr.failOpen)
      out.push(
        `  FAIL-OPEN (${rr.scorer}, ${rr.latencyMs} ms)${rr.error ? ` ${rr.error.code}${rr.error.message ? `: ${rr.error.message}` : ''}` : ''}: RRF order kept`,
      );
    else out.push(`  ${rr.scorer}, ${rr.latencyMs} ms`);
    for (const s of rr.scores) out.push(`    ${s.chunkId}  ${score(s.score)}`);
  }

  section('Gate');
  if (!r?.gate) out.push(NONE);
  else {
    const { sentence } = r.gate;
    // With a sentence gate, `passed` is both gates together; the chunk line shows its own part.
    const chunkPassed = sentence
      ? r.gate.topScore !== null && r.gate.topScore >= r.gate.floor
      : r.gate.passed;
    out.push(
      `  ${r.gate.kind} gate: top ${score(r.gate.topScore)} vs floor ${score(r.gate.floor)}: ` +
        (chunkPassed ? 'passed' : 'FAILED'),
    );
    if (sentence) {
      const best = sentence.sentences[0]?.score ?? null;
      out.push(
        `  sentence gate: best ${score(best)} vs floor ${score(sentence.floor)}: ` +
          (sentence.passed ? 'passed' : 'FAILED'),
      );
      for (const s of sentence.sentences)
        out.push(`    ${s.chunkId}  ${score(s.score)}  ${s.text}`);
    }
  }

  section('Prompt chunks');
  const chunks = trace.promptChunks;
  if (!chunks || chunks.length === 0) out.push(NONE);
  else {
    if (r && r.verdict !== 'ok')
      out.push(`  (verdict ${r.verdict}: these were found but did not enter a prompt)`);
    chunks.forEach((c, i) => {
      out.push(`  [${i + 1}] ${c.chunkId}  doc ${c.docId}  score ${score(c.score)}  "${c.title}"`);
      out.push(indent(c.text, '      '));
    });
  }

  section('Draft');
  out.push(trace.draft === null ? NONE : indent(trace.draft));

  section('Validation');
  if (!trace.validation) out.push(NONE);
  else {
    out.push(`  ${trace.validation.passed ? 'passed' : 'FAILED'}`);
    trace.validation.sentences.forEach((s, i) => {
      const cites = s.citations.length ? `  cites ${s.citations.join(', ')}` : '';
      out.push(
        `  ${String(i + 1).padStart(2)}. ${s.ok ? 'ok  ' : 'FAIL'} ${s.factual ? 'factual' : 'non-factual'}${cites}`,
      );
      out.push(indent(s.text, '        '));
      if (s.problem) out.push(`        problem: ${s.problem}`);
    });
  }

  section(trace.replyKind === 'abstention' ? 'Abstention' : 'Reply');
  if (trace.reply === null) out.push(NONE);
  else {
    out.push(`  ${trace.replyKind} at ${trace.replyAt}`);
    out.push(indent(trace.reply));
  }

  section('Events');
  for (const e of trace.events) out.push(`  ${e.occurredAt}  ${e.type.padEnd(30)} ${e.id}`);
  return out.join('\n') + '\n';
}
