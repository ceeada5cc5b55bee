import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { databaseEnv, HealthRegistry, loadConfig } from '@support/platform';
import { masterKeyOf, PersonalData, PostgresCustomerKeyStore, privacyEnv } from '@support/privacy';
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
        {
          // The customers' data keys, in the same database every service opens.
          provide: PersonalData,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => personalDataOf(dataSource),
        },
      ],
      exports: [DataSource, PersonalData],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Personal data sealed and opened with the keys in this database, under the configured master key. */
export function personalDataOf(dataSource: DataSource): PersonalData {
  const config = loadConfig(privacyEnv);
  return new PersonalData(new PostgresCustomerKeyStore(dataSource), masterKeyOf(config), {
    cacheMs: config.CUSTOMER_KEY_CACHE_MS,
  });
}
