import pg from 'pg';
import { DataSource, type EntitySchema } from 'typeorm';
import { AppError } from '@support/platform/pure';
import { ProcessedEventEntity } from './processed-events.js';
import {
  ConversationEntity,
  MessageEntity,
  TurnEntity,
} from './projections/conversations/conversation-entities.js';
import { Conversations1764669600000 } from './migrations/1764669600000-conversations.js';
import { Escalations1764684000000 } from './migrations/1764684000000-escalations.js';
import { EscalationEntity } from './projections/escalations/escalation-entities.js';
import { TurnTraces1764698400000 } from './migrations/1764698400000-turn-traces.js';
import { EscalationClaims1764912000000 } from './migrations/1764912000000-escalation-claims.js';
import { TurnTraceSynthetic1764916000000 } from './migrations/1764916000000-turn-trace-synthetic.js';
import { EscalationWithdrawals1764920000000 } from './migrations/1764920000000-escalation-withdrawals.js';
import { DashboardAggregates1765200000000 } from './migrations/1765200000000-dashboard-aggregates.js';
import { Knowledge1765300000000 } from './migrations/1765300000000-knowledge.js';
import { RephraseRequestedReason1765400000000 } from './migrations/1765400000000-rephrase-requested-reason.js';
import { MessagesByTurn1765420000000 } from './migrations/1765420000000-messages-by-turn.js';
import { AdminReplyReceipts1765430000000 } from './migrations/1765430000000-admin-reply-receipts.js';
import { Clarifications1765600000000 } from './migrations/1765600000000-clarifications.js';
import { MessageOptions1765700000000 } from './migrations/1765700000000-message-options.js';
import { ClarificationEntity } from './projections/clarifications/clarification-entities.js';
import { TurnTraceEntity } from './projections/turn-traces/turn-trace-entities.js';
import { EscalationReplyEntity } from './projections/escalations/escalation-reply.js';
import {
  KnowledgeDraftEntity,
  KnowledgeGlossaryEntity,
} from './projections/knowledge/knowledge-entities.js';
import { CustomerDataKeys1765800000000 } from '@support/privacy';
import { ForgottenCustomers1765810000000 } from './migrations/1765810000000-forgotten-customers.js';
import { TurnOutcome1765900000000 } from './migrations/1765900000000-turn-outcome.js';
import { checkedSchemaName, quoteIdentifier } from './sql-identifier.js';

export const ENTITIES = [
  ConversationEntity,
  MessageEntity,
  TurnEntity,
  EscalationEntity,
  EscalationReplyEntity,
  TurnTraceEntity,
  KnowledgeDraftEntity,
  KnowledgeGlossaryEntity,
  ClarificationEntity,
  ProcessedEventEntity,
];
export const MIGRATIONS: Function[] = [
  Conversations1764669600000,
  Escalations1764684000000,
  TurnTraces1764698400000,
  EscalationClaims1764912000000,
  TurnTraceSynthetic1764916000000,
  EscalationWithdrawals1764920000000,
  DashboardAggregates1765200000000,
  Knowledge1765300000000,
  RephraseRequestedReason1765400000000,
  MessagesByTurn1765420000000,
  AdminReplyReceipts1765430000000,
  Clarifications1765600000000,
  MessageOptions1765700000000,
  CustomerDataKeys1765800000000,
  ForgottenCustomers1765810000000,
  TurnOutcome1765900000000,
];

export interface DatabaseOptions {
  readonly url: string;
  /** Postgres schema for every table; a replay can build a second one beside the live one. */
  readonly schema?: string;
  readonly poolSize?: number;
  /** A service's own entities, added to the shared ones above. */
  readonly entities?: readonly (Function | EntitySchema)[];
  /** Migrations for those entities, run with the shared ones under the same lock. */
  readonly migrations?: readonly Function[];
}

/** Creates the database named in the URL when the server does not have it yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new AppError('config_invalid', 'DATABASE_URL names no database');
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  // A server stopped under the query (`npm start` tearing everything down after another service
  // failed) rejects the query below; without a listener it would also crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE ${quoteIdentifier(name)}`)
        .catch((error: { code?: string }) => {
          if (error.code !== '42P04') throw error; // created concurrently by another service
        });
    }
  } finally {
    await client.end();
  }
}

const MIGRATION_LOCK = 764_669_600;

/** Opens the database, creating it and the schema if needed, and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  // A name that is no identifier is refused before anything connects or is created.
  const schema = options.schema === undefined ? undefined : checkedSchemaName(options.schema);
  await ensureDatabaseExists(options.url);
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema,
    entities: [...ENTITIES, ...(options.entities ?? [])],
    migrations: [...MIGRATIONS, ...(options.migrations ?? [])],
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 10,
  });
  await dataSource.initialize();
  // Several services (or the all-in-one host) may start at once: migrate one at a time.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (schema) await lock.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
  return dataSource;
}
