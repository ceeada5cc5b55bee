import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { databaseEnv, HealthRegistry, loadConfig } from '@support/platform';
import { DataSource } from 'typeorm';
import { type DatabaseOptions, openDatabase } from './database.js';

@Module({})
export class PersistenceModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Opens (and migrates) the database from DATABASE_URL; overridable for tests. */
  static forRoot(overrides: Partial<DatabaseOptions> = {}): DynamicModule {
    return {
      module: PersistenceModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          inject: [{ token: HealthRegistry, optional: true }],
          useFactory: async (health?: HealthRegistry) => {
            const url = overrides.url ?? loadConfig(databaseEnv).DATABASE_URL;
            const dataSource = await openDatabase({ ...overrides, url });
            health?.register('postgres', async () => {
              await dataSource.query('SELECT 1');
            });
            return dataSource;
          },
        },
      ],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
