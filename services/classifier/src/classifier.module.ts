import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, type BusOptions } from '@support/bus';
import { type ChatModel, OpenAiCompatibleChatModel } from '@support/models';
import { type DatabaseOptions, PersistenceModule } from '@support/persistence';
import { CLOCK, type Clock, HealthModule, loadConfig, systemClock } from '@support/platform';
import { ClassifyEscalation } from './classification/classify-escalation.js';
import { LlmClassifier } from './classification/llm-classifier.js';
import { RulesClassifier } from './classification/rules-classifier.js';
import type { TopicClassifier } from './classification/topic-classifier.js';
import { ClassifierEvents } from './classifier.events.js';
import { type ClassifierConfig, classifierLlmEnv } from './classifier-env.js';

export interface ClassifierModuleOptions {
  readonly env?: Record<string, string | undefined>;
  readonly bus?: Partial<BusOptions>;
  /** The database of the customers' data keys (the transcript arrives sealed). */
  readonly database?: Partial<DatabaseOptions>;
  /** Replaces the OpenAI-compatible model built from `CLASSIFIER_LLM_BASE_URL` (tests). */
  readonly chatModel?: ChatModel;
  readonly clock?: Clock;
}

/** The configured classifier: the LLM adapter when a model is given or configured, else the rules. */
export function topicClassifierFromConfig(
  config: ClassifierConfig,
  chatModel?: ChatModel,
): TopicClassifier {
  if (chatModel) return new LlmClassifier(chatModel);
  if (config.CLASSIFIER_LLM_BASE_URL === undefined) return new RulesClassifier();
  return new LlmClassifier(
    new OpenAiCompatibleChatModel({
      baseUrl: config.CLASSIFIER_LLM_BASE_URL,
      model: config.CLASSIFIER_LLM_MODEL,
      timeoutMs: config.CLASSIFIER_TIMEOUT_MS,
      maxRetries: 0,
    }),
  );
}

/** Topic labels of escalations, from the full transcript. */
@Module({})
export class ClassifierModule {
  static register(options: ClassifierModuleOptions = {}): DynamicModule {
    const env = options.env ?? process.env;
    return {
      module: ClassifierModule,
      imports: [
        HealthModule.forService('classifier'),
        BusModule.forRoot('classifier', options.bus),
        PersistenceModule.forRoot({ ...options.database }),
      ],
      controllers: [ClassifierEvents],
      providers: [
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        {
          provide: ClassifyEscalation,
          useFactory: () => {
            const config = loadConfig(classifierLlmEnv, env);
            return new ClassifyEscalation(
              topicClassifierFromConfig(config, options.chatModel),
              config.CLASSIFIER_TIMEOUT_MS,
            );
          },
        },
      ],
    };
  }
}
