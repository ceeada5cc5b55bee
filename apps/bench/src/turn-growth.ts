import type { CheckpointFootprint } from '@support/agent';
import type { ModelRequestSeen } from './load/instant-models.js';
import type { ObservedTurn } from './stage-timings.js';
import { summarise } from './stats.js';

/** Turns per row of the growth table: turns 1-10, 11-20, ... of a conversation. */
export const GROWTH_WINDOW = 10;

export interface GrowthInputs {
  readonly observed: readonly (ObservedTurn & { latencyMs: number })[];
  readonly agentMsByTurn: ReadonlyMap<string, number>;
  /** The measured conversation's checkpoint after each of its turns, by turn index. */
  readonly checkpoints: ReadonlyMap<number, CheckpointFootprint>;
  /** Estimated prompt tokens of the model requests of each turn, when they can be told apart. */
  readonly promptTokensByTurn?: ReadonlyMap<string, number>;
}

/**
 * Does a turn cost more the longer its conversation? One row per {@link GROWTH_WINDOW} turns: the
 * turn and agent p50 over every conversation, the measured conversation's checkpoint (bytes and
 * rows after the window's last turn) and the largest prompt the model received in the window.
 */
export function growthWindows(inputs: GrowthInputs) {
  const longest = Math.max(0, ...inputs.observed.map((t) => t.index + 1));
  const rows = [];
  for (let from = 0; from < longest; from += GROWTH_WINDOW) {
    const to = Math.min(longest, from + GROWTH_WINDOW);
    const turns = inputs.observed.filter((t) => t.index >= from && t.index < to);
    const checkpoint = lastMeasured(inputs.checkpoints, from, to);
    const prompts = turns.flatMap((t) => inputs.promptTokensByTurn?.get(t.turnId) ?? []);
    rows.push({
      turns: `${from + 1}-${to}`,
      turn_p50_ms: summarise(turns.map((t) => t.latencyMs)).p50,
      agent_p50_ms: summarise(turns.flatMap((t) => inputs.agentMsByTurn.get(t.turnId) ?? [])).p50,
      ...(checkpoint
        ? {
            checkpoint_bytes: checkpoint.bytes,
            checkpoint_rows: checkpoint.checkpoints + checkpoint.blobs + checkpoint.writes,
          }
        : {}),
      ...(prompts.length ? { prompt_tokens_max: Math.max(...prompts) } : {}),
    });
  }
  return rows;
}

function lastMeasured(
  checkpoints: ReadonlyMap<number, CheckpointFootprint>,
  from: number,
  to: number,
): CheckpointFootprint | undefined {
  for (let index = to - 1; index >= from; index -= 1) {
    const footprint = checkpoints.get(index);
    if (footprint) return footprint;
  }
  return undefined;
}

/**
 * The largest estimated prompt of each turn's model requests: those the model server received
 * between the turn's message and its reply. Only when turns never overlap (one conversation):
 * otherwise a request cannot be told apart from another conversation's.
 */
export function promptTokensByTurn(
  observed: readonly ObservedTurn[],
  requests: readonly ModelRequestSeen[],
): Map<string, number> {
  const tokens = new Map<string, number>();
  for (const turn of observed) {
    const own = requests.filter((r) => r.atMs >= turn.sentAtMs && r.atMs <= turn.receivedAtMs);
    if (own.length) tokens.set(turn.turnId, Math.max(...own.map((r) => r.promptTokens)));
  }
  return tokens;
}
