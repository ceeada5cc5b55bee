import type { EventDefinition, EventEnvelope } from '@support/contracts';
import type { EntityManager } from 'typeorm';
import { storableValue } from '../storable.js';

/** A read model: the events it folds, the tables it owns, and how one event changes them. */
export interface Projection {
  /** Also the consumer key in processed_events, shared by live processing and replay. */
  readonly name: string;
  readonly events: readonly EventDefinition[];
  readonly tables: readonly string[];
  /** Folds events, in order, into the tables; a replay passes a whole batch at once. */
  apply(manager: EntityManager, events: readonly EventEnvelope[]): Promise<void>;
}

/**
 * A projection that takes any event its contract accepts: strings Postgres cannot store are made
 * storable before the fold (not when rows are written), so the fold compares the same strings that
 * end up in its rows, whether it runs live, one event at a time, or in a replay's batches.
 */
export function defineProjection(projection: Projection): Projection {
  return {
    ...projection,
    apply: (manager, events) => projection.apply(manager, events.map(storableValue)),
  };
}
