import type { EventDefinition, EventEnvelope } from '@support/contracts';
import type { EntityManager } from 'typeorm';

/** A read model: the events it folds, the tables it owns, and how one event changes them. */
export interface Projection {
  /** Also the consumer key in processed_events, shared by live processing and replay. */
  readonly name: string;
  readonly events: readonly EventDefinition[];
  readonly tables: readonly string[];
  /** Folds events, in order, into the tables; a replay passes a whole batch at once. */
  apply(manager: EntityManager, events: readonly EventEnvelope[]): Promise<void>;
}
