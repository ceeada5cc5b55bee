import 'reflect-metadata';
import { type INestApplication, Logger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SERVICE_PORTS, type ServiceName } from '../config/service-ports.js';

export interface StartedService {
  readonly name: ServiceName;
  readonly app: INestApplication;
  readonly url: string;
}

/**
 * Boots one service module as an HTTP application on its port. Used by every thin `main.ts`
 * and, six times over, by the all-in-one launcher.
 */
export async function startService(
  name: ServiceName,
  module: Type<unknown>,
  options: { port?: number; host?: string } = {},
): Promise<StartedService> {
  const app = await NestFactory.create(module, {
    logger: new Logger(name),
    bufferLogs: false,
    abortOnError: false,
  });
  app.enableShutdownHooks();
  // port 0 asks the OS for a free port (tests); no port means the service's default.
  const port = options.port ?? SERVICE_PORTS[name];
  const host = options.host ?? '0.0.0.0';
  await app.listen(port, host);
  const address = app.getHttpServer().address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return { name, app, url: `http://127.0.0.1:${boundPort}` };
}
