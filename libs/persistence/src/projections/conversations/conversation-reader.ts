import type { PersonalData } from '@support/privacy';
import type { DataSource } from 'typeorm';
import { storableText } from '../../storable.js';
import { schemaOf } from '../../processed-events.js';
import { ConversationEntity, MessageEntity } from './conversation-entities.js';
import type { ConversationState, MessageState } from './conversation-model.js';
import { quoteIdentifier } from '../../sql-identifier.js';

/**
 * Queries over the conversations projection (what the gateway shows a returning customer). Keys
 * are made storable as the rows were, so any id finds its rows instead of failing the query.
 */
export class ConversationReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personalData: PersonalData,
  ) {}

  /** The conversation, whoever it belongs to: one read, so ownership is judged on one snapshot. */
  async find(conversationId: string): Promise<ConversationState | null> {
    return this.dataSource.manager.findOne(ConversationEntity, {
      where: { id: storableText(conversationId) },
    });
  }

  async latestOf(customerId: string): Promise<ConversationState | null> {
    return this.dataSource.manager.findOne(ConversationEntity, {
      where: { customerId: storableText(customerId) },
      order: { lastActivityAt: 'DESC', id: 'ASC' },
    });
  }

  /**
   * The last `limit` messages, oldest first. A reply is shown only when a recorded customer message
   * of this conversation started its turn: one published straight on the bus for a turn that never
   * was, or for another conversation's, is stored like any event but never shown (as the gateway's
   * live delivery refuses it). A turn shows its first agent reply only: the agent answers a turn
   * once, so a second reply to it is not the agent's. What the customer wrote is opened (a
   * forgotten customer's reads "[erased]").
   */
  async history(conversationId: string, limit = 200): Promise<MessageState[]> {
    const newestFirst = await this.dataSource.manager
      .createQueryBuilder(MessageEntity, 'message')
      .where('message.conversationId = :conversationId', {
        conversationId: storableText(conversationId),
      })
      .andWhere(
        `(message.role = 'customer' OR EXISTS (
          SELECT 1 FROM ${this.turns} turn WHERE turn.id = message.turn_id
            AND turn.conversation_id = message.conversation_id
            AND turn.customer_message_id IS NOT NULL))`,
      )
      .andWhere(
        `(message.role <> 'agent' OR NOT EXISTS (
          SELECT 1 FROM ${this.messages} earlier WHERE earlier.turn_id = message.turn_id
            AND earlier.role = 'agent'
            AND (earlier.occurred_at, earlier.id) < (message.occurred_at, message.id)))`,
      )
      .orderBy('message.occurredAt', 'DESC')
      .addOrderBy('message.id', 'DESC')
      .take(limit)
      .getMany();
    return Promise.all(newestFirst.reverse().map((message) => this.opened(message)));
  }

  /**
   * A message as shown: what the customer wrote opened, then made storable as a plaintext row was
   * (a NUL byte or a lone surrogate that reached the bus without the gateway shows as U+FFFD).
   */
  private async opened(message: MessageState): Promise<MessageState> {
    const readable = async (value: string) => storableText(await this.personalData.readable(value));
    return {
      ...message,
      text: await readable(message.text),
      attachments: await Promise.all(
        message.attachments.map(async (attachment) => ({
          ...attachment,
          fileName: await readable(attachment.fileName),
        })),
      ),
    };
  }

  private get messages(): string {
    return `${quoteIdentifier(schemaOf(this.dataSource))}.messages`;
  }

  private get turns(): string {
    return `${quoteIdentifier(schemaOf(this.dataSource))}.turns`;
  }
}
