import type { ToolSpec } from '@support/policy';

/** Who is asking and when: supplied by the graph, never by the model. */
export interface ToolContext {
  /** The authenticated customer; tools scope every read and write to this id. */
  readonly customerId: string;
  readonly now: Date;
  readonly turnId: string;
  /** The model's tool-call id: with `turnId` it makes a re-run of the same call idempotent. */
  readonly callId: string;
}

/**
 * A tool the model may call: its spec (name, description, and `parameters`, a JSON Schema object
 * describing `args`) and how it runs. `run` must validate `args` itself (the model may send
 * anything) and answer bad input with a result such as `{ error: 'invalid_arguments', message }`
 * rather than throwing. It throws only for failures of the system (database down), which are not
 * the model's to handle.
 */
export interface AgentTool extends Readonly<ToolSpec> {
  run(args: Record<string, unknown>, context: ToolContext): Promise<unknown>;
}
