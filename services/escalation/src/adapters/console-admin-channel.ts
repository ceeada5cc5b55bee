import type {
  AdminChannel,
  AdminReplyHandler,
  ThreadRef,
  ThreadSummary,
} from '../ports/admin-channel.js';

/**
 * No Slack configured: the thread is the escalation itself, shown by the admin console (channel
 * `console`, thread id = escalation id); replies come through `replyFromConsole`.
 */
export class ConsoleAdminChannel implements AdminChannel {
  readonly provider = 'console' as const;

  async openThread(summary: ThreadSummary): Promise<ThreadRef> {
    return summary.existing ?? { channel: 'console', threadId: summary.escalation.escalationId };
  }

  /** The console reads the transcript from the conversation projection: nothing to post. */
  async appendToThread(): Promise<void> {}

  /** Nothing was posted: the projection the console reads rewrites the customer's rows. */
  async eraseThread(): Promise<number> {
    return 0;
  }

  onAdminReply(_handler: AdminReplyHandler): void {}

  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
