import { groupWordingGaps, KnowledgeGaps } from '@support/knowledge';
import {
  ClarificationReader,
  KnowledgeReader,
  openDatabase,
  personalDataOf,
} from '@support/persistence';
import { AppError, databaseEnv, loadConfig, systemClock } from '@support/platform';
import { formatGaps, formatWordingGaps } from './gaps-report.js';

/** Reading gaps publishes nothing; drafting happens in the admin console or Slack. */
const readOnly = {
  publish: () => Promise.reject(new AppError('forbidden', 'cli gaps only reads')),
};

/**
 * `gaps [--json] [--days N]`: the knowledge gaps, as the admin console lists them: avoidable
 * escalations an admin answered, grouped by topic and by how alike the questions are, newest-asked
 * first, each with its questions, the admins' replies, how often it was asked and its status;
 * then the sections customers reached only through a clarification, with the words they used.
 */
export async function gapsCommand(
  options: { json?: boolean; days?: number } = {},
  io: { env?: Record<string, string | undefined>; print?: (text: string) => void } = {},
): Promise<void> {
  const print = io.print ?? ((text: string) => process.stdout.write(text));
  const { DATABASE_URL } = loadConfig(databaseEnv, io.env ?? process.env);
  const dataSource = await openDatabase({ url: DATABASE_URL, poolSize: 2 });
  try {
    const gaps = await new KnowledgeGaps(
      new KnowledgeReader(dataSource, personalDataOf(dataSource)),
      readOnly,
      systemClock,
      {
        windowDays: options.days,
      },
    ).gaps();
    const since =
      options.days === undefined ? null : new Date(Date.now() - options.days * 86_400_000);
    const wording = groupWordingGaps(
      await new ClarificationReader(dataSource, personalDataOf(dataSource)).accepted(since),
    );
    print(
      options.json
        ? `${JSON.stringify({ gaps, wording }, null, 2)}\n`
        : `${formatGaps(gaps, options.days)}\n${formatWordingGaps(wording)}`,
    );
  } finally {
    await dataSource.destroy();
  }
}
