import type { EscalationReason, RetrievalVerdict } from '@support/contracts';
import type { ClarifyDecision } from '../clarify/clarification.js';

/**
 * The turn's decisions, and only them: after each step of the agent graph, where the turn goes
 * next, or to a colleague and why. The graph's nodes gather the facts (they call the model, the
 * tools and the validator) and go where these say; the model never decides whether it failed.
 */

/** Model calls allowed in one turn before it is treated as a failed answer. */
export const MAX_MODEL_CALLS = 6;

/**
 * A step of the turn: the model (called, or called again), the tools, the validator, a clarifying
 * question instead of a handoff, or done.
 */
export type TurnStep = 'model' | 'tools' | 'validate' | 'clarify' | 'end';

/** The next step, or the handoff to a colleague, which always says why. */
export type TurnRoute =
  { readonly next: TurnStep } | { readonly next: 'escalate'; readonly reason: EscalationReason };

const go = (next: TurnStep): TurnRoute => ({ next });
const escalate = (reason: EscalationReason): TurnRoute => ({ next: 'escalate', reason });

export interface BeforeModelFacts {
  /** A colleague replied, or the customer withdrew the request: the assistant is done this turn. */
  readonly turnOver: boolean;
  /** Model calls made so far this turn. */
  readonly modelCalls: number;
}

/**
 * Whether the model is called (`model`): not once the turn is over, and not again when the turn
 * has spent its calls, which goes to a human like any failed answer.
 */
export function beforeModel(facts: BeforeModelFacts): TurnRoute {
  if (facts.turnOver) return go('end');
  if (facts.modelCalls >= MAX_MODEL_CALLS) return escalate('answer_validation_failed');
  return go('model');
}

/**
 * What the model step gave: text (a draft answer), tool calls, an error (no model), or no call at
 * all because the turn's own chunks do not fit the model's context (the server would refuse it).
 */
export type ModelReply = 'answer' | 'tool_calls' | 'failed' | 'prompt_over_budget';

/** A draft is validated, tool calls are run; no model reply means no validated answer. */
export function afterModel(reply: ModelReply): TurnRoute {
  switch (reply) {
    case 'answer':
      return go('validate');
    case 'tool_calls':
      return go('tools');
    case 'failed':
    case 'prompt_over_budget':
      return escalate('answer_validation_failed');
  }
}

/**
 * What one tool call came to, as far as the route cares: the escalate tool, a knowledge-base
 * search with retrieval's verdict (`no_answer`: none came in time), or any other call (an order
 * tool's record, an unknown tool, malformed arguments), whose result the model reads next.
 */
export type ToolCallResult =
  | { readonly kind: 'escalate' }
  | { readonly kind: 'knowledge_base'; readonly retrieval: RetrievalVerdict | 'no_answer' }
  | { readonly kind: 'other' };

function escalationOf(call: ToolCallResult): EscalationReason | null {
  switch (call.kind) {
    case 'escalate':
      return 'agent_requested';
    case 'other':
      return null;
    case 'knowledge_base':
      switch (call.retrieval) {
        case 'ok':
          return null;
        case 'below_score_floor':
          return 'below_score_floor';
        case 'retrieval_unavailable':
        case 'no_answer':
          return 'retrieval_unavailable';
      }
  }
}

/**
 * After the tools (the calls so far, in the model's order): the first call that ends the turn
 * decides the handoff's reason, and the calls after it are not run; otherwise the model reads the
 * results.
 */
export function afterTools(calls: readonly ToolCallResult[]): TurnRoute {
  for (const call of calls) {
    const reason = escalationOf(call);
    if (reason) return escalate(reason);
  }
  return go('model');
}

/** What the validate step found in the draft. */
export interface ValidationFacts {
  /** Every sentence passed the reply check. */
  readonly passed: boolean;
  /** The draft asks the customer to rephrase (`asksToRephrase` of `libs/citations`). */
  readonly asksToRephrase: boolean;
  /** The turn's prompt held material: knowledge-base chunks or order records. */
  readonly hadMaterial: boolean;
}

/**
 * A draft that passed every check is the answer; any failed sentence sends the turn to a human.
 * A draft that asks the customer to rephrase passes its check (it states nothing false) but,
 * when the turn had material, answers nothing the bot could have answered from it: an avoidable
 * escalation of its own (`rephrase_requested`), so a colleague answers and analysts see it.
 * Without material (a greeting, nothing to look up) the request for a question is the reply.
 * Neither the model nor the responder decides that it failed; this does.
 */
export function afterValidation(facts: ValidationFacts): TurnRoute {
  if (!facts.passed) return escalate('answer_validation_failed');
  return facts.asksToRephrase && facts.hadMaterial ? escalate('rephrase_requested') : go('end');
}

/**
 * Before a `below_score_floor` handoff: ask which section the customer means when the
 * clarification decision says so (`clarify/clarification.ts`); every other route stands.
 */
export function clarifyOrHandoff(route: TurnRoute, decision: () => ClarifyDecision): TurnRoute {
  if (route.next !== 'escalate' || route.reason !== 'below_score_floor') return route;
  return decision().clarify ? go('clarify') : route;
}

/**
 * A message that answers a clarification: "none of these" hands off as the gate already decided
 * (`below_score_floor`); a section, or anything else, is a new question for the model.
 */
export function afterChoice(choice: 'section' | 'none' | 'not_offered'): TurnRoute {
  return choice === 'none' ? escalate('below_score_floor') : go('model');
}
