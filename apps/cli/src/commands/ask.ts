import { existsSync } from 'node:fs';
import { ensureServices } from '../host/system-services.js';
import { ingestCommand } from './ingest.js';
import { TurnClient } from './turn-client.js';

/** `ask "QUESTION" [--json] [--customer ID]`: one question through the real services; prints the reply and its trace. */
export async function askCommand(
  question: string,
  options: { json?: boolean; kbDir?: string; customerId?: string },
): Promise<void> {
  const services = await ensureServices(['retrieval', 'reranker-proxy', 'agent']);
  const client = await TurnClient.open();
  try {
    if (services.hosted && options.kbDir && existsSync(options.kbDir))
      await ingestCommand({ dir: options.kbDir, timeoutMs: 60_000, quiet: true });
    const outcome = await client.ask(
      question,
      options.customerId ? { customerId: options.customerId } : {},
    );
    const retrieval = outcome.retrievals.at(-1);
    if (options.json) {
      console.log(
        JSON.stringify(
          { ...outcome, route: outcome.reply.kind === 'answer' ? 'answered' : 'escalated' },
          null,
          2,
        ),
      );
      return;
    }
    console.log(outcome.reply.text);
    if (outcome.reply.citations.length)
      console.log(
        `\nsources: ${outcome.reply.citations.map((c) => `${c.chunkId} (${c.title})`).join(', ')}`,
      );
    if (outcome.escalation)
      console.log(`\nescalated: ${outcome.escalation.reason} (${outcome.escalation.group})`);
    if (retrieval?.gate)
      console.log(
        `gate: ${retrieval.gate.kind} top ${retrieval.gate.topScore ?? '-'} / floor ${retrieval.gate.floor}; ${outcome.latencyMs} ms`,
      );
  } finally {
    await client.close();
    await services.close();
  }
}
