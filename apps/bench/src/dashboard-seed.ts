import { ESCALATION_TOPICS, EXAMPLE_PAYLOADS } from '@support/contracts';
import type { DataSource } from 'typeorm';

const DAY_MS = 24 * 3600_000;

/**
 * A year of a busy shop, as shares of its turns: most answered, about a fifth escalated (for
 * each reason), a few held for a human or still open; escalations classified into the topics or
 * still pending, some withdrawn; a few retrieval legs lost to their deadline.
 */
const MIX = {
  answered: 0.72,
  escalated: 0.22,
  held: 0.05,
  // open: the rest (no reply yet)
  turnsPerConversation: 3,
  reasons: [
    ['below_score_floor', 'avoidable', 0.45],
    ['answer_validation_failed', 'avoidable', 0.2],
    ['retrieval_unavailable', 'genuine', 0.1],
    ['agent_requested', 'genuine', 0.25],
  ] as const,
  pendingTopic: 0.1,
  withdrawn: 0.08,
  arabicQuestions: 0.4,
  legTimeouts: 0.01,
  rerankFailOpens: 0.02,
  /** Evaluation traffic, as a share of the turns: extra turn traces, left out of the dashboard. */
  syntheticTraces: 0.02,
  /** Turn latency: log-normal around this median (ms), with this spread. */
  latencyMedianMs: 1_800,
  latencySigma: 0.7,
};

/**
 * The events one turn costs in the log, on average, with this mix: message, retrieval requested
 * and completed, rerank requested and completed, reply (not while open); an escalation adds
 * raised, thread opened, classified, the admin's reply and the human reply sent; a withdrawal adds
 * the request and the withdrawal.
 */
export const EVENTS_PER_TURN =
  5 +
  (MIX.answered + MIX.escalated + MIX.held) +
  MIX.escalated * 5 +
  MIX.escalated * MIX.withdrawn * 2;

export interface SeededProjections {
  readonly turns: number;
  readonly conversations: number;
  readonly eventsEquivalent: number;
  /** The first day holding turns; the last is today (UTC). */
  readonly firstDay: string;
  readonly rows: Record<string, number>;
  readonly seedMs: number;
}

/**
 * Fills the projection tables of a fresh database with the rows `events` events would have left,
 * spread evenly over the year up to today: written by `generate_series` from one table of turns
 * (fixed random seed), not folded from events, so a million events take seconds. The dashboard
 * aggregates are then computed from these rows by the SQL backfill; processed_events stays empty
 * (no dashboard query reads it).
 */
export async function seedDashboardProjections(
  dataSource: DataSource,
  events: number,
  now: Date,
): Promise<SeededProjections> {
  const started = performance.now();
  const turns = Math.max(1, Math.round(events / EVENTS_PER_TURN));
  const conversations = Math.ceil(turns / MIX.turnsPerConversation);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = today - 364 * DAY_MS;
  // Conversations evenly over the 365 days; a turn follows the one before it by 45 s.
  const spacingMs = Math.floor((365 * DAY_MS - 3_600_000) / conversations);
  const retrieval = EXAMPLE_PAYLOADS['retrieval.completed'] as Record<string, unknown> & {
    legs: { leg: string; status: string }[];
  };
  const timedOutLegs = retrieval.legs.map((leg) =>
    leg.leg === 'sparse_en' ? { ...leg, status: 'timed_out' } : leg,
  );
  const reply = EXAMPLE_PAYLOADS['agent.reply_sent'] as Record<string, unknown>;
  const raised = EXAMPLE_PAYLOADS['escalation.raised'] as Record<string, unknown>;
  const reasonCase = (pick: (reason: string, group: string) => string) => {
    let cumulative = 0;
    const branches = MIX.reasons.map(([reason, group, share]) => {
      cumulative += share;
      return `WHEN reason_u < ${cumulative} THEN ${pick(reason, group)}`;
    });
    return `CASE ${branches.join(' ')} END`;
  };
  const topics = ESCALATION_TOPICS.map((t) => `'${t}'`).join(', ');

  await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT setseed(0.15)`);
    await manager.query(
      `CREATE TEMP TABLE seed_turns ON COMMIT DROP AS
       SELECT i, i / ${MIX.turnsPerConversation} AS conversation, 'turn-' || i AS turn_id,
              to_timestamp($1::float8 / 1000) + ((i / ${MIX.turnsPerConversation}) * $2::bigint
                + (i % ${MIX.turnsPerConversation}) * 45000) * interval '1 millisecond' AS started_at,
              outcome, reason_u, topic_u, withdrawn_u, arabic_u, leg_u, fail_u,
              greatest(40, round(exp(ln(${MIX.latencyMedianMs}) + ${MIX.latencySigma}
                * sqrt(-2 * ln(1 - u1)) * cos(2 * pi() * u2))))::int AS latency_ms
         FROM (SELECT i, random() AS outcome, random() AS reason_u, random() AS topic_u,
                      random() AS withdrawn_u, random() AS arabic_u, random() AS leg_u,
                      random() AS fail_u, random() AS u1, random() AS u2
                 FROM generate_series(0, $3::int - 1) AS i) r`,
      [first, spacingMs, turns],
    );
    await manager.query(`
      CREATE TEMP TABLE seed ON COMMIT DROP AS
      SELECT s.*, 'conv-' || conversation AS conversation_id, 'cust-' || (conversation % 20000) AS customer_id,
             CASE WHEN outcome < ${MIX.answered} THEN 'answered'
                  WHEN outcome < ${MIX.answered + MIX.escalated} THEN 'escalated'
                  WHEN outcome < ${MIX.answered + MIX.escalated + MIX.held} THEN 'held'
                  ELSE 'open' END AS status,
             ${reasonCase((reason) => `'${reason}'`)} AS reason,
             ${reasonCase((_, group) => `'${group}'`)} AS "group",
             CASE WHEN topic_u < ${MIX.pendingTopic} THEN NULL
                  ELSE (ARRAY[${topics}])[1 + floor((topic_u - ${MIX.pendingTopic}) / ${1 - MIX.pendingTopic} * ${ESCALATION_TOPICS.length})::int]
             END AS topic,
             CASE WHEN arabic_u < ${MIX.arabicQuestions}
                  THEN 'هل يمكنني إرجاع طلب الجملة بعد ' || (i % 90) || ' يوما؟'
                  ELSE 'Can I return a wholesale order after ' || (i % 90) || ' days?' END AS question
        FROM seed_turns s`);
    await manager.query(`
      ALTER TABLE seed ADD COLUMN completed_at timestamptz;
      UPDATE seed SET completed_at = started_at + latency_ms * interval '1 millisecond'
       WHERE status IN ('answered', 'held') OR (status = 'escalated' AND reason <> 'agent_requested');
      UPDATE seed SET reason = NULL, "group" = NULL WHERE status <> 'escalated';`);

    await manager.query(`
      INSERT INTO conversations (id, customer_id, opened_at, last_activity_at, message_count,
                                 human_active, human_state_version)
      SELECT conversation_id, min(customer_id), min(started_at),
             max(coalesce(completed_at, started_at)), count(*) + count(completed_at), false, ''
        FROM seed GROUP BY conversation_id`);
    await manager.query(`
      INSERT INTO turns (id, conversation_id, customer_message_id, status, escalation_reason,
                         started_at, completed_at)
      SELECT turn_id, conversation_id, 'msg-' || i, status, reason, started_at, completed_at FROM seed`);
    await manager.query(
      `INSERT INTO messages (id, conversation_id, turn_id, role, kind, text, citations, attachments,
                             occurred_at, event_id)
       SELECT 'msg-' || i, conversation_id, turn_id, 'customer', 'message', question, '[]'::jsonb, '[]'::jsonb,
              started_at, 'event-msg-' || i FROM seed
       UNION ALL
       SELECT 'reply-' || i, conversation_id, turn_id, 'agent',
              CASE status WHEN 'answered' THEN 'answer' WHEN 'held' THEN 'holding' ELSE 'abstention' END,
              $1::text, $2::jsonb, '[]'::jsonb, completed_at, 'event-reply-' || i FROM seed WHERE completed_at IS NOT NULL
       UNION ALL
       SELECT 'human-' || i, conversation_id, turn_id, 'human', 'human', $1::text, '[]'::jsonb, '[]'::jsonb,
              started_at + interval '10 minutes', 'event-human-' || i FROM seed WHERE status = 'escalated'`,
      [reply.text, JSON.stringify(reply.citations)],
    );
    await manager.query(
      `INSERT INTO escalations (escalation_id, conversation_id, customer_id, turn_id, reason, "group",
                               language, question, chunks, orders_mentioned, opened_at, raised_version,
                               topic, classifier, topic_version, provider, channel, thread_id,
                               thread_opened_at, thread_version, first_reply_at, last_reply_at,
                               replies, resolved_at, claim_version, withdrawn_at)
       SELECT 'esc-' || i, conversation_id, customer_id, turn_id, reason, "group",
              CASE WHEN arabic_u < ${MIX.arabicQuestions} THEN 'ar' ELSE 'en' END, question,
              $1::jsonb, '[]', opened_at, opened_at || '|esc-' || i,
              topic, CASE WHEN topic IS NULL THEN NULL ELSE 'rules' END,
              CASE WHEN topic IS NULL THEN '' ELSE '1|' || opened_at END,
              'slack', 'C0SUPPORT', 'thread-' || i, opened_at + interval '1 second', opened_at::text,
              opened_at + interval '10 minutes', opened_at + interval '10 minutes', 1,
              opened_at + interval '10 minutes', '',
              CASE WHEN withdrawn_u < ${MIX.withdrawn} THEN opened_at + interval '2 minutes' END
         FROM (SELECT *, coalesce(completed_at, started_at + latency_ms * interval '1 millisecond')
                         AS opened_at FROM seed WHERE status = 'escalated') e`,
      [JSON.stringify(raised.chunks)],
    );
    // The admin's answer in each thread: the knowledge section groups the answered avoidable ones.
    await manager.query(
      `INSERT INTO escalation_replies (event_id, escalation_id, provider, admin_id, text, external_id,
                                       replied_at)
       SELECT 'event-admin-' || escalation_id, escalation_id, 'slack', 'U0ADMIN',
              CASE language WHEN 'ar' THEN 'يمكن إرجاع طلبات الجملة خلال 14 يوما من الاستلام.'
                            ELSE 'Wholesale orders can be returned within 14 days of delivery.' END,
              'slack-' || escalation_id, first_reply_at
         FROM escalations WHERE replies > 0`,
    );
    const ok = JSON.stringify(retrieval.legs);
    await manager.query(
      `INSERT INTO turn_traces (turn_id, conversation_id, customer_message_id, customer_message,
                               message_at, message_version, route, reason, escalation_id,
                               escalation_reason, escalation_version, retrieval, prompt_chunks,
                               retrieval_version, draft, validation, reply, reply_kind, reply_at,
                               reply_version, latency_ms, events, synthetic)
       SELECT CASE WHEN synthetic THEN 'eval-' || turn_id ELSE turn_id END,
              CASE WHEN synthetic THEN 'eval-' || conversation_id ELSE conversation_id END,
              'msg-' || i, question, started_at, started_at::text,
              CASE status WHEN 'open' THEN NULL ELSE status END, reason,
              CASE WHEN status = 'escalated' THEN 'esc-' || i END, reason, '',
              jsonb_build_object('requestId', 'req-' || i, 'verdict', 'ok', 'language', 'en',
                'latencyMs', 60, 'fused', $1::jsonb -> 'fused', 'gate', $1::jsonb -> 'gate',
                'legs', CASE WHEN leg_u < ${MIX.legTimeouts} THEN $2::jsonb ELSE $3::jsonb END,
                'rerank', jsonb_set($1::jsonb -> 'rerank', '{failOpen}', to_jsonb(fail_u < ${MIX.rerankFailOpens}))),
              $1::jsonb -> 'chunks', started_at::text, $4, $5::jsonb, $4,
              CASE WHEN completed_at IS NULL THEN NULL
                   ELSE CASE status WHEN 'answered' THEN 'answer' WHEN 'held' THEN 'holding' ELSE 'abstention' END
              END,
              completed_at, coalesce(completed_at::text, ''), latency_ms,
              jsonb_build_array(
                jsonb_build_object('type', 'conversation.message_received', 'id', 'event-msg-' || i, 'occurredAt', started_at),
                jsonb_build_object('type', 'retrieval.requested', 'id', 'event-rq-' || i, 'occurredAt', started_at),
                jsonb_build_object('type', 'retrieval.completed', 'id', 'event-rc-' || i, 'occurredAt', started_at),
                jsonb_build_object('type', 'rerank.requested', 'id', 'event-kq-' || i, 'occurredAt', started_at),
                jsonb_build_object('type', 'rerank.completed', 'id', 'event-kc-' || i, 'occurredAt', started_at),
                jsonb_build_object('type', 'agent.reply_sent', 'id', 'event-reply-' || i, 'occurredAt', completed_at)),
              synthetic
         FROM seed CROSS JOIN (VALUES (false), (true)) AS copy(synthetic)
        WHERE NOT synthetic OR i % ${Math.round(1 / MIX.syntheticTraces)} = 0`,
      [
        JSON.stringify(retrieval),
        JSON.stringify(timedOutLegs),
        ok,
        reply.text,
        JSON.stringify(reply.validation),
      ],
    );
  });

  const rows: Record<string, number> = {};
  for (const table of [
    'conversations',
    'turns',
    'messages',
    'escalations',
    'escalation_replies',
    'turn_traces',
  ]) {
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM ${table}`);
    rows[table] = n;
  }
  return {
    turns,
    conversations,
    eventsEquivalent: Math.round(turns * EVENTS_PER_TURN),
    firstDay: new Date(first).toISOString().slice(0, 10),
    rows,
    seedMs: Math.round(performance.now() - started),
  };
}
