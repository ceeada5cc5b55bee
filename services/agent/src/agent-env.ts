import { personalDataEnv } from '@support/privacy';
import { MIN_SUPPORTED_SHARE, publicSuffixProblem } from '@support/citations';
import { llmEnv, supportJudgeEnv } from '@support/models';
import {
  CLARIFY_MAX_OPTIONS,
  CLARIFY_MIN_OPTIONS,
  DEFAULT_CLARIFY_SETTINGS,
} from '@support/policy';
import {
  bool,
  busEnv,
  ConfigError,
  databaseEnv,
  type EnvVar,
  hostNames,
  httpEnv,
  int,
  num,
  optional,
  str,
} from '@support/platform/pure';
import {
  checkTimeZone,
  type OpeningInterval,
  parseSupportHours,
  SupportHoursError,
} from './support-hours/support-hours.js';

/** Every day, all day: the default says so honestly rather than promising a team at 3 a.m. */
export const DEFAULT_SUPPORT_HOURS = 'Sun-Sat 00:00-24:00';

/** A parser whose SupportHoursError becomes a ConfigError naming the variable. */
function supportSetting<T>(
  description: string,
  fallback: string,
  parse: (raw: string) => T,
): EnvVar<T> {
  return {
    description,
    parse: (raw, name) => {
      try {
        return parse(raw === undefined || raw.trim() === '' ? fallback : raw.trim());
      } catch (error) {
        if (error instanceof SupportHoursError) throw new ConfigError(name, error.message);
        throw error;
      }
    },
  };
}

export const agentOwnEnv = {
  KB_SEARCH_TIMEOUT_MS: int({
    default: 8000,
    min: 100,
    description: 'deadline of a knowledge-base search round trip',
  }),
  KB_NAMESPACE: optional(
    str({ description: 'namespace the agent searches; unset = retrieval default' }),
  ),
  AGENT_CONCURRENCY: int({
    default: 8,
    min: 1,
    max: 64,
    description: 'conversations one agent process works on at once',
  }),
  AGENT_INSTANCE: str({
    default: 'agent',
    description: 'unique per agent pod: names its reply consumer',
  }),
  REPLY_LINK_HOSTS: hostNames(
    'hosts (and their subdomains) an answer may link to or name; unset = none, every link fails validation',
    publicSuffixProblem,
  ),
  // Under one half, a sentence could add as many words of its own as it quotes.
  REPLY_MIN_SUPPORTED_SHARE: num({
    default: MIN_SUPPORTED_SHARE,
    min: 0.5,
    max: 1,
    description: "share of a cited sentence's content words its cited chunks must hold (0.5 to 1)",
  }),
  SUPPORT_HOURS: supportSetting<OpeningInterval[][]>(
    `when colleagues answer, e.g. "Sun-Thu 09:00-21:00, Sat 10:00-18:00" (default ${DEFAULT_SUPPORT_HOURS})`,
    DEFAULT_SUPPORT_HOURS,
    parseSupportHours,
  ),
  SUPPORT_TIMEZONE: supportSetting(
    'IANA time zone of SUPPORT_HOURS (default UTC)',
    'UTC',
    checkTimeZone,
  ),
  SUPPORT_EXPECTED_WAIT_MINUTES: int({
    default: 15,
    min: 1,
    max: 1440,
    description: 'the wait a customer is told to expect while support is open',
  }),
  // The prompt is counted with Qwen3's own tokenizer (the system prompt and the tool list are
  // about 1,300 tokens; `npm run bench -- prompt`). 16,384 fits a T4 (16 GiB) beside the 4-bit
  // weights and the vision tower (docs/model-serving.md); vLLM must run with `--max-model-len` >=
  // this, which `cli doctor` checks.
  MODEL_CONTEXT_TOKENS: int({
    default: 16_384,
    min: 8_192,
    max: 262_144,
    description:
      "the chat model's context in tokens (vLLM --max-model-len); prompts are kept under it",
  }),
  MODEL_ANSWER_TOKENS: int({
    default: 512,
    min: 64,
    max: 8_192,
    description: 'tokens of the context kept for the answer: the prompt gets the rest',
  }),
  // Asking which section a customer means beats handing over what a button could answer; off
  // restores the strict routing exactly (every below-floor turn goes to a colleague).
  CLARIFY_BEFORE_HANDOFF: bool({
    default: true,
    description:
      'before a below_score_floor handoff, offer the 2-3 sections the leading chunks come from (on by default)',
  }),
  CLARIFY_MAX_OPTIONS: int({
    default: CLARIFY_MAX_OPTIONS,
    min: CLARIFY_MIN_OPTIONS,
    max: CLARIFY_MAX_OPTIONS,
    description: 'sections a clarifying question offers at most, besides "none of these" (2 or 3)',
  }),
  CLARIFY_MIN_FLOOR_SHARE: num({
    default: DEFAULT_CLARIFY_SETTINGS.minFloorShare,
    min: 0,
    max: 1,
    description:
      "share of the gate's floor a section's chunk must reach to be offered; under it the message is off-topic",
  }),
  SEED_DEMO_ORDERS: optional(
    bool({ description: 'seed demo orders (default: on unless NODE_ENV=production)' }),
  ),
};

/** Every environment variable the agent service reads. */
export const agentEnv = {
  ...busEnv,
  ...databaseEnv,
  ...personalDataEnv,
  ...httpEnv,
  ...llmEnv,
  ...supportJudgeEnv,
  ...agentOwnEnv,
};
