import 'reflect-metadata';
import {
  ConsoleLogger,
  type DynamicModule,
  type INestApplication,
  type LogLevel,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '../config/env-schema.js';
import { runtimeEnv } from '../config/runtime-env.js';
import { SERVICE_PORTS, type ServiceName } from '../config/service-ports.js';
import { AppErrorFilter } from '../errors/app-error.filter.js';

const ALL_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** LOG_LEVELS=error,warn (comma-separated) narrows Nest's logging; unset keeps the default. */
function logLevels(value: string | undefined): LogLevel[] | undefined {
  if (!value) return undefined;
  const levels = value.split(',').map((l) => l.trim()) as LogLevel[];
  return levels.filter((l) => ALL_LEVELS.includes(l));
}

/**
 * Nest's logger without its ExceptionHandler's report of a failed boot (the error and its stack):
 * for a caller that gets the same error thrown and says it in its own words (the CLI prints
 * `error: Configuration variable LEG_TIMEOUT_MS must be an integer`, once, without a stack).
 */
class BootErrorsThrownOnly extends ConsoleLogger {
  override error(message: unknown, ...rest: unknown[]): void {
    if (rest.at(-1) === 'ExceptionHandler') return;
    super.error(message, ...rest);
  }
}

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
  loadConfig(runtimeEnv);
  const levels = logLevels(process.env.LOG_LEVELS);
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger: options.bootErrorsThrownOnly
      ? new BootErrorsThrownOnly(levels ? { logLevels: levels } : {})
      : levels,
    bufferLogs: false,
    abortOnError: false,
  });
  // Names the framework to anyone probing for its known bugs; no client needs it.
  app.disable('x-powered-by');
  // A host running several services in one process closes them itself, in order.
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  app.useGlobalFilters(new AppErrorFilter());
  // port 0 asks the OS for a free port (tests); no port means the service's default.
  const port = options.port ?? SERVICE_PORTS[name];
  const host = options.host ?? '0.0.0.0';
  await app.listen(port, host);
  const address = app.getHttpServer().address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return { name, app, url: `http://127.0.0.1:${boundPort}` };
}
