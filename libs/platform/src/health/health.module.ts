import { type DynamicModule, Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthRegistry } from './health-registry.js';
import { SERVICE_NAME } from './service-name.token.js';

@Global()
@Module({})
export class HealthModule {
  static forService(service: string): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [HealthRegistry, { provide: SERVICE_NAME, useValue: service }],
      exports: [HealthRegistry, SERVICE_NAME],
    };
  }
}
