import { Controller, Inject, type Type } from '@nestjs/common';
import { Delivery, type EventContext, EventPayload, OnEvent } from '@support/bus';
import type { EventEnvelope } from '@support/contracts';
import { DataSource } from 'typeorm';
import type { Projection } from './projection.js';
import { projectEvent, projectionConsumer } from './projection-runner.js';

/**
 * The event handlers of `projections` for the bus transport: one `@OnEvent` method per projection
 * and event type, each on its own durable (`projection-<name>__<event>`, the names runProjection
 * gives). The projections are data, so the methods are made from them rather than written out.
 */
export function projectionEvents(projections: readonly Projection[]): Type<unknown> {
  @Controller()
  class ProjectionEvents {
    constructor(@Inject(DataSource) readonly dataSource: DataSource) {}
  }
  for (const projection of projections)
    for (const event of projection.events) {
      const method = `${projection.name}:${event.type}`;
      const descriptor: PropertyDescriptor = {
        value(this: ProjectionEvents, envelope: EventEnvelope, delivery: EventContext) {
          return projectEvent(this.dataSource, projection, envelope, delivery.streamSequence);
        },
        configurable: true,
        writable: true,
      };
      Object.defineProperty(ProjectionEvents.prototype, method, descriptor);
      EventPayload()(ProjectionEvents.prototype, method, 0);
      Delivery()(ProjectionEvents.prototype, method, 1);
      OnEvent(event, { consumer: projectionConsumer(projection) })(
        ProjectionEvents.prototype,
        method,
        descriptor,
      );
    }
  return ProjectionEvents;
}
