import {
  ModelMismatch,
  type SupportJudge,
  type SupportJudgeConfig,
  supportJudgeFromConfig,
} from '@support/models';

/**
 * The configured support judge, its server checked at start: one that serves no classifier with
 * the entailment label is refused (the agent does not start, for its scores would be read as
 * entailment); one not answering yet is only warned about, and checked again at its first call
 * (until it answers, every question stays unjudged and its reply goes to a person).
 */
export async function startSupportJudge(
  config: SupportJudgeConfig,
  warn: (message: string) => void,
): Promise<SupportJudge | null> {
  const judge = supportJudgeFromConfig(config);
  if (judge === null) return null;
  try {
    await judge.verify();
  } catch (error) {
    if (error instanceof ModelMismatch)
      throw new Error(`SUPPORT_JUDGE_URL: ${error.message}`, { cause: error });
    warn(`support judge not checked at start: ${(error as Error).message}`);
  }
  return judge;
}
