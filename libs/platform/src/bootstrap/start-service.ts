import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { connectEventTransport, withEventTransportSlot } from './event-transport.js';
import { loadConfig } from '../config/env-schema.js';
import { SERVICE_PORTS, type ServiceName } from '../config/service-ports.js';
import { serviceStartEnv } from '../config/telemetry-env.js';
import { AppErrorFilter } from '../errors/app-error.filter.js';
import { withLogContext } from '../logging/log-context.js';
import { logFormatFor, ServiceLogger } from '../logging/service-logger.js';
import { withServiceMetrics } from '../observability/metrics.module.js';
import { withTraceFlush } from '../tracing/traced-service.js';

/**
 * The service logger without Nest's ExceptionHandler report of a failed boot (the error and its
 * stack): for a caller that gets the same error thrown and says it in its own words (the CLI
 * prints `error: Configuration variable LEG_TIMEOUT_MS must be an integer`, once, without a stack).
 */
class BootErrorsThrownOnly extends ServiceLogger {
  override error(message: unknown, ...rest: unknown[]): void {
    if (rest.at(-1) === 'ExceptionHandler') return;
    super.error(message, ...rest);
  }
}

/**
 * Services that take a provider's signed webhooks: their JSON bodies are also kept raw
 * (`req.rawBody`), since the signature covers the bytes as sent, and may be as large as the
 * provider's batches (Meta's WhatsApp webhooks go to 3 MB).
 */
const WEBHOOK_BODY_LIMITS: Partial<Record<ServiceName, string>> = { whatsapp: '3mb' };

export interface StartedService {
  readonly name: ServiceName;
  readonly app: INestApplication;
  readonly url: string;
}

/**
 * Boots one service module as an HTTP application on its port. Used by every thin `main.ts`
 * and, six times over, by the all-in-one launcher. An unknown NODE_ENV stops it before anything
 * starts.
 */
export async function startService(
  name: ServiceName,
  module: Type<unknown> | DynamicModule,
  options: {
    port?: number;
    host?: string;
    shutdownHooks?: boolean;
    /** The caller reports a failed boot itself: Nest does not log it a second time. */
    bootErrorsThrownOnly?: boolean;
  } = {},
): Promise<StartedService> {
  const config = loadConfig(serviceStartEnv);
  const Logger = options.bootErrorsThrownOnly ? BootErrorsThrownOnly : ServiceLogger;
  const logger = new Logger(name, {
    levels: config.LOG_LEVELS,
    format: logFormatFor(config.LOG_FORMAT, config.NODE_ENV),
  });
  // Whatever the service does from here (its sockets, timers and consumers are made inside) logs
  // under its own name, though seven services share a process under the all-in-one launcher.
  return withLogContext({ service: name }, () => boot(name, module, logger, options));
}

async function boot(
  name: ServiceName,
  module: Type<unknown> | DynamicModule,
  logger: ServiceLogger,
  options: { port?: number; host?: string; shutdownHooks?: boolean },
): Promise<StartedService> {
  // Every service gets its own metrics registry and `GET /metrics`, and flushes its spans on stop.
  const webhookBodyLimit = WEBHOOK_BODY_LIMITS[name];
  const app = await NestFactory.create<NestExpressApplication>(
    withServiceMetrics(name, withTraceFlush(withEventTransportSlot(module))),
    { logger, bufferLogs: false, abortOnError: false, rawBody: webhookBodyLimit !== undefined },
  );
  if (webhookBodyLimit) app.useBodyParser('json', { limit: webhookBodyLimit });
  // Names the framework to anyone probing for its known bugs; no client needs it.
  app.disable('x-powered-by');
  // A host running several services in one process closes them itself, in order.
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  app.useGlobalFilters(new AppErrorFilter());
  // port 0 asks the OS for a free port (tests); no port means the service's default.
  const port = options.port ?? SERVICE_PORTS[name];
  const host = options.host ?? '0.0.0.0';
  // The service's own startup (its hooks) first, then its event handlers, then its HTTP port.
  // A start that fails half-way closes what it opened (the bus connection, its consumers).
  try {
    connectEventTransport(app);
    await app.init();
    await app.startAllMicroservices();
    await app.listen(port, host);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.getHttpServer().address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return { name, app, url: `http://127.0.0.1:${boundPort}` };
}
