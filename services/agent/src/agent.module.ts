import { PersonalData } from '@support/privacy';
import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import {
  BusModule,
  type BusOptions,
  CONSUMER_SETTINGS,
  type ConsumerSettings,
  EventPublisher,
} from '@support/bus';
import {
  type ChatModel,
  chatModelFromConfig,
  llmEnv,
  loadQwenTokenizer,
  supportJudgeEnv,
} from '@support/models';
import {
  AdminReplyReceipts,
  type DatabaseOptions,
  KnowledgeReader,
  PersistenceModule,
} from '@support/persistence';
import {
  CLOCK,
  type Clock,
  databaseEnv,
  HealthModule,
  loadConfig,
  ServiceMetrics,
  systemClock,
} from '@support/platform';
import { detectLanguage } from '@support/text';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { agentOwnEnv } from './agent-env.js';
import { AgentEvents } from './agent.events.js';
import { buildAgentGraph } from './graph/agent-graph.js';
import { GlossarySource } from './knowledge/glossary-source.js';
import { ORDER_ENTITIES, ORDER_MIGRATIONS } from './orders/order-persistence.js';
import { OrderRepository } from './orders/order-repository.js';
import { orderTools } from './orders/order-tools.js';
import { seedDemoOrders } from './orders/demo-orders.js';
import { AgentConversations } from './runtime/agent-conversations.js';
import { BusAgentPorts } from './runtime/bus-agent-ports.js';
import { checkpointPool } from './runtime/checkpoint-pool.js';
import { ConversationLock } from './runtime/conversation-lock.js';
import { ReadOnceCheckpoints } from './runtime/read-once-checkpoints.js';
import { useLeanRunnableScopes } from './runtime/lean-runnable-scope.js';
import { CHECKPOINT_SCHEMA } from './runtime/latest-only-checkpoints.js';
import { timedChatModel } from './runtime/timed-chat-model.js';
import { observedSupportJudge } from './runtime/observed-support-judge.js';
import { startSupportJudge } from './runtime/start-support-judge.js';
import type { SupportSchedule } from './support-hours/support-hours.js';

export interface AgentModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  readonly database?: Partial<DatabaseOptions>;
  /** A chat model chosen by the caller (tests: a scripted one); default from LLM_* configuration. */
  readonly chatModel?: ChatModel;
  readonly clock?: Clock;
}

const AGENT_CONFIG = Symbol('AGENT_CONFIG');
const CHECKPOINT_POOL = Symbol('CHECKPOINT_POOL');
type AgentConfig = ReturnType<typeof loadConfig<typeof agentOwnEnv>> & {
  readonly databaseUrl: string;
};

/** Closes what the agent opened beside the bus. */
@Injectable()
class AgentRuntime implements OnApplicationShutdown {
  constructor(@Inject(CHECKPOINT_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** The LangGraph agent: tools, citation validation, forced escalation and the human interrupt. */
@Module({})
export class AgentModule {
  static register(options: AgentModuleOptions = {}): DynamicModule {
    const env = options.env ?? process.env;
    return {
      module: AgentModule,
      imports: [
        HealthModule.forService('agent'),
        BusModule.forRoot('agent', options.bus),
        PersistenceModule.forRoot({
          ...options.database,
          entities: ORDER_ENTITIES,
          migrations: ORDER_MIGRATIONS,
        }),
      ],
      controllers: [AgentEvents],
      providers: [
        {
          provide: AGENT_CONFIG,
          useFactory: () => ({
            ...loadConfig(agentOwnEnv, env),
            databaseUrl: options.database?.url ?? loadConfig(databaseEnv, env).DATABASE_URL,
          }),
        },
        {
          provide: CONSUMER_SETTINGS,
          inject: [AGENT_CONFIG],
          useFactory: (config: AgentConfig): ConsumerSettings => ({
            instance: config.AGENT_INSTANCE,
            concurrency: config.AGENT_CONCURRENCY,
          }),
        },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        {
          provide: CHECKPOINT_POOL,
          inject: [AGENT_CONFIG],
          useFactory: (config: AgentConfig) => {
            // Each running turn holds one connection for its conversation lock: leave room for
            // the checkpoint queries, or a full house of turns would wait on each other forever.
            const logger = new Logger('checkpoints');
            return checkpointPool(config.databaseUrl, config.AGENT_CONCURRENCY + 10, (message) =>
              logger.warn(message),
            );
          },
        },
        {
          provide: PostgresSaver,
          inject: [CHECKPOINT_POOL],
          useFactory: async (pool: pg.Pool) => {
            const saver = new ReadOnceCheckpoints(pool, undefined, { schema: CHECKPOINT_SCHEMA });
            await saver.setup();
            return saver;
          },
        },
        {
          provide: OrderRepository,
          inject: [DataSource, AGENT_CONFIG, CLOCK],
          useFactory: async (dataSource: DataSource, config: AgentConfig, clock: Clock) => {
            if (config.SEED_DEMO_ORDERS ?? env.NODE_ENV !== 'production')
              await seedDemoOrders(dataSource, clock.now());
            return new OrderRepository(dataSource);
          },
        },
        {
          provide: BusAgentPorts,
          inject: [EventPublisher, AGENT_CONFIG, CLOCK, ServiceMetrics, PersonalData],
          useFactory: (
            publisher: EventPublisher,
            config: AgentConfig,
            clock: Clock,
            metrics: ServiceMetrics,
            personalData: PersonalData,
          ) =>
            new BusAgentPorts(
              publisher,
              config.KB_SEARCH_TIMEOUT_MS,
              () => clock.now(),
              metrics,
              personalData,
              config.KB_NAMESPACE,
            ),
        },
        {
          provide: AgentConversations,
          inject: [
            BusAgentPorts,
            OrderRepository,
            PostgresSaver,
            EventPublisher,
            CHECKPOINT_POOL,
            CLOCK,
            AGENT_CONFIG,
            ServiceMetrics,
            DataSource,
            PersonalData,
          ],
          useFactory: async (
            ports: BusAgentPorts,
            orders: OrderRepository,
            saver: ReadOnceCheckpoints,
            publisher: EventPublisher,
            pool: pg.Pool,
            clock: Clock,
            config: AgentConfig,
            metrics: ServiceMetrics,
            dataSource: DataSource,
            personalData: PersonalData,
          ) => {
            const chatModel = options.chatModel ?? chatModelFromConfig(loadConfig(llmEnv, env));
            const judging = loadConfig(supportJudgeEnv, env);
            const logger = new Logger('agent');
            const supportJudge = await startSupportJudge(judging, (message) =>
              logger.warn(message),
            );
            const supportSchedule: SupportSchedule = {
              week: config.SUPPORT_HOURS,
              zone: config.SUPPORT_TIMEZONE,
              expectedWaitMinutes: config.SUPPORT_EXPECTED_WAIT_MINUTES,
            };
            useLeanRunnableScopes(env);
            const knowledge = new KnowledgeReader(dataSource, personalData);
            const glossaries = new GlossarySource(
              (namespace) => knowledge.glossary(namespace),
              // Unset: retrieval's default, which holds what was ingested without a namespace.
              config.KB_NAMESPACE ?? '',
            );
            const graph = buildAgentGraph(
              {
                chatModel: timedChatModel(chatModel, metrics),
                tools: orderTools(orders),
                // A model that answers with verbatim sentences gets retrieval's sentence gate:
                // no sentence that answers, no answer (below_score_floor).
                searchKnowledgeBase: (query, turn, callId) =>
                  ports.searchKnowledgeBase(query, turn, callId, {
                    sentenceGate: chatModel.answersVerbatim === true,
                  }),
                sendReply: (turn, reply) => ports.sendReply(turn, reply),
                raiseEscalation: (turn, escalation) => ports.raiseEscalation(turn, escalation),
                offerClarification: (turn, offer) => ports.offerClarification(turn, offer),
                recordChoice: (turn, choice) => ports.recordChoice(turn, choice),
                recordOutcome: (turn, outcome) => ports.recordOutcome(turn, outcome),
                glossary: (namespace) => glossaries.pairs(namespace),
                ...(supportJudge
                  ? {
                      supportJudge: observedSupportJudge(supportJudge, metrics, (message) =>
                        logger.warn(message),
                      ),
                    }
                  : {}),
                now: () => clock.now(),
              },
              saver,
              {
                linkHosts: config.REPLY_LINK_HOSTS,
                minSupportedShare: config.REPLY_MIN_SUPPORTED_SHARE,
                minEntailment: judging.SUPPORT_JUDGE_MIN_ENTAILMENT,
                supportSchedule,
                clarify: {
                  enabled: config.CLARIFY_BEFORE_HANDOFF,
                  maxOptions: config.CLARIFY_MAX_OPTIONS,
                  minFloorShare: config.CLARIFY_MIN_FLOOR_SHARE,
                },
                promptBudget: {
                  contextTokens: config.MODEL_CONTEXT_TOKENS,
                  answerTokens: config.MODEL_ANSWER_TOKENS,
                },
              },
            );
            // The prompt is counted with the served model's tokenizer: load it now, not on a
            // customer's first turn (about 0.6 s).
            loadQwenTokenizer();
            return new AgentConversations(
              graph,
              ports,
              publisher,
              new ConversationLock(pool),
              detectLanguage,
              () => clock.now(),
              new AdminReplyReceipts(dataSource),
              personalData,
              supportSchedule,
              saver,
            );
          },
        },
        AgentRuntime,
      ],
      exports: [AgentConversations],
    };
  }
}
