import {
  type DynamicModule,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { flushTraces } from './tracing.js';

/** The spans a stopping service still holds reach the collector before the process ends. */
@Injectable()
class FlushTracesOnShutdown implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await flushTraces();
  }
}

@Module({})
class TracedService {}

/** `module` with its traces flushed on shutdown (a SIGTERM or `app.close()`): what `startService` boots. */
export function withTraceFlush(module: Type<unknown> | DynamicModule): DynamicModule {
  return { module: TracedService, imports: [module], providers: [FlushTracesOnShutdown] };
}
