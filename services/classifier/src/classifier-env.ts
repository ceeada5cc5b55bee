import {
  type ConfigOf,
  busEnv,
  databaseEnv,
  httpEnv,
  int,
  optional,
  str,
  url,
} from '@support/platform/pure';
import { personalDataEnv } from '@support/privacy';

/** The classifier's own settings: the LLM adapter, and the deadline of one classification. */
export const classifierLlmEnv = {
  CLASSIFIER_LLM_BASE_URL: optional(
    url({
      protocols: ['http', 'https'],
      description:
        'OpenAI-compatible chat API incl. /v1 for topic labels; unset = local bilingual rules',
    }),
  ),
  CLASSIFIER_LLM_MODEL: str({
    default: 'Qwen/Qwen3-VL-8B-Instruct',
    description: 'chat model name sent to the classifier LLM server',
  }),
  CLASSIFIER_TIMEOUT_MS: int({
    default: 5_000,
    min: 1,
    description: 'deadline of one classification; past it the topic is `unclassified`',
  }),
};

export type ClassifierConfig = ConfigOf<typeof classifierLlmEnv>;

/**
 * Every environment variable the classifier service reads. The database holds the customers' data
 * keys: the transcript it labels is sealed (docs/privacy.md).
 */
export const classifierEnv = {
  ...busEnv,
  ...httpEnv,
  ...databaseEnv,
  ...personalDataEnv,
  ...classifierLlmEnv,
};
