import {
  type DynamicModule,
  type ExceptionFilter,
  Global,
  type INestApplication,
  Injectable,
  Module,
  type Type,
} from '@nestjs/common';

/** A module's event transport: Nest's microservice strategy its event handlers run on. */
export interface EventTransport {
  /** A `CustomTransportStrategy`. */
  readonly strategy: object;
  /** The exception filters of its handlers (the transport reads their errors itself). */
  readonly filters: readonly ExceptionFilter[];
}

/**
 * Where a service's event transport (the bus module's) makes itself known to startService, which
 * does not know the bus. Each app has its own, so one process can host several services.
 */
@Injectable()
export class EventTransportSlot {
  private offered?: EventTransport;

  offer(transport: EventTransport): void {
    if (this.offered) throw new Error('a service has one event transport');
    this.offered = transport;
  }

  get transport(): EventTransport | undefined {
    return this.offered;
  }
}

@Global()
@Module({ providers: [EventTransportSlot], exports: [EventTransportSlot] })
class EventTransportSlotModule {}

@Module({})
class WithEventTransportSlot {}

/** `module` with the slot its bus module offers its transport in. */
export function withEventTransportSlot(module: Type<unknown> | DynamicModule): DynamicModule {
  return { module: WithEventTransportSlot, imports: [EventTransportSlotModule, module] };
}

/**
 * Connects the service's event transport, if it has one, to `app`. Its handlers are registered
 * when `startAllMicroservices` starts it: after the app's hooks (the service's own startup).
 */
export function connectEventTransport(app: INestApplication): void {
  const transport = app.get(EventTransportSlot).transport;
  if (!transport) return;
  const microservice = app.connectMicroservice(
    { strategy: transport.strategy },
    { deferInitialization: true },
  );
  microservice.useGlobalFilters(...transport.filters);
  // The app runs the lifecycle hooks of the container they share: not a second time here.
  (microservice as { setIsInitHookCalled?: (called: boolean) => void }).setIsInitHookCalled?.(true);
}
