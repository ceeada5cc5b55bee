import type { EscalationRaisedPayload } from '@support/contracts';
import { withVisibleBidiControls } from '@support/text';

/**
 * Slack mrkdwn control characters: only `&`, `<` and `>` must be escaped. Bidirectional controls
 * are written as their code points, so the thread shows what was sent, not a reordering of it.
 */
export function escapeMrkdwn(text: string): string {
  return withVisibleBidiControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const ROLE_LABEL = { customer: 'Customer', agent: 'Agent', human: 'Admin' } as const;

/** A block of user text as a mrkdwn quote, each line escaped. */
function quote(text: string): string {
  const lines = (text.trim() === '' ? '(empty)' : text).split(/\r?\n/);
  return lines.map((line) => `> ${escapeMrkdwn(line)}`).join('\n');
}

/**
 * The first message of a handoff thread: the summary, then the transcript. Every string that came
 * from a customer, the model or the knowledge base is escaped, so none can mention, link or format.
 */
export function formatThreadSummary(conversationId: string, e: EscalationRaisedPayload): string {
  const orders = e.ordersMentioned.length
    ? e.ordersMentioned.map((o) => `\`${escapeMrkdwn(o)}\``).join(', ')
    : 'none';
  const chunks = e.chunks.length
    ? e.chunks.map((c) => `• \`${escapeMrkdwn(c.chunkId)}\` score ${c.score.toFixed(3)}`).join('\n')
    : '• none (no chunks were chosen)';
  const transcript = e.transcript.length
    ? e.transcript
        .map((t) => `*${ROLE_LABEL[t.role]}* (${escapeMrkdwn(t.at)}):\n${quote(t.text)}`)
        .join('\n')
    : '(empty)';
  return [
    `:rotating_light: *Handoff needed* (escalation \`${escapeMrkdwn(e.escalationId)}\`)`,
    `*Reason:* ${escapeMrkdwn(e.reason)} (${escapeMrkdwn(e.group)})`,
    `*Language:* ${escapeMrkdwn(e.language)}`,
    `*Customer:* ${escapeMrkdwn(e.customerId)}`,
    `*Conversation:* ${escapeMrkdwn(conversationId)}`,
    `*Orders mentioned:* ${orders}`,
    `*Question:*\n${quote(e.question)}`,
    `*Chunks chosen by the reranker:*\n${chunks}`,
    `*Transcript:*\n${transcript}`,
    '_Reply in this thread to answer the customer._',
  ].join('\n');
}

/** A later customer message, appended to the thread. */
export function formatCustomerMessage(text: string, attachments: number): string {
  const note = attachments > 0 ? `\n_(${attachments} attachment(s), see the admin console)_` : '';
  return `*Customer:*\n${quote(text)}${note}`;
}
