import {
  ADMIN_REPLY_MAX_CHARS,
  ESCALATION_GROUPS,
  ESCALATION_REASONS,
  ESCALATION_TOPICS,
  type EscalationGroup,
  type EscalationReason,
  type EscalationTopic,
  type Language,
  LANGUAGES,
} from '@support/contracts';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { CLIENT_MESSAGE_ID } from '../chat/client-frames.js';

export class AdminReplyFrame {
  @IsIn(['reply'])
  type!: 'reply';

  @IsUUID()
  escalationId!: string;

  @Matches(CLIENT_MESSAGE_ID)
  clientMessageId!: string;

  @IsString()
  @Length(1, ADMIN_REPLY_MAX_CHARS)
  text!: string;
}

/** `claim`: take the escalation (nobody else may answer it); `release`: give it back. */
export class AdminClaimFrame {
  @IsIn(['claim', 'release'])
  type!: 'claim' | 'release';

  @IsUUID()
  escalationId!: string;
}

/** `pending`: not classified yet. */
export const QUEUE_TOPICS = [...ESCALATION_TOPICS, 'pending'] as const;

/**
 * Where an escalation stands: `open` (waiting for a colleague, the queue's default), `withdrawn`
 * (the customer went back to the assistant; a reply still reaches them), `resolved` (answered).
 */
export const ESCALATION_STATUSES = ['open', 'withdrawn', 'resolved'] as const;
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];

/** Which escalations the console lists: the open ones unless `status` says otherwise; every other field left out matches all. */
export class QueueFilter {
  @IsOptional()
  @IsIn(ESCALATION_STATUSES)
  status?: EscalationStatus;

  @IsOptional()
  @IsIn(ESCALATION_REASONS)
  reason?: EscalationReason;

  @IsOptional()
  @IsIn(ESCALATION_GROUPS)
  group?: EscalationGroup;

  @IsOptional()
  @IsIn(QUEUE_TOPICS)
  topic?: EscalationTopic | 'pending';

  @IsOptional()
  @IsIn(LANGUAGES)
  language?: Language;
}

/** `hello` (first frame) or `queue` (filters changed): answered with a snapshot. */
export class AdminQueueFrame {
  @IsIn(['hello', 'queue'])
  type!: 'hello' | 'queue';

  @IsOptional()
  @ValidateNested()
  @Type(() => QueueFilter)
  filter?: QueueFilter;
}

/** The values each filter takes, for the console's menus. */
export const QUEUE_FILTER_OPTIONS = {
  status: ESCALATION_STATUSES,
  reason: ESCALATION_REASONS,
  group: ESCALATION_GROUPS,
  topic: QUEUE_TOPICS,
  language: LANGUAGES,
} as const;

export interface AdminTranscriptLine {
  role: 'customer' | 'agent' | 'human';
  kind: string;
  text: string;
  at: string;
}

/** One escalation as the console shows it. */
export interface AdminEscalationView {
  status: EscalationStatus;
  /** The first admin reply (resolved escalations), null before. */
  resolvedAt: string | null;
  escalationId: string;
  conversationId: string;
  customerId: string;
  reason: string;
  group: string;
  topic: string | null;
  language: string;
  question: string;
  /** Waiting since: the queue is ordered by it, oldest first. */
  openedAt: string;
  chunks: { chunkId: string; score: number }[];
  transcript: AdminTranscriptLine[];
  /** The admin handling it (`escalation.claimed`), null when nobody does. */
  claimedBy: string | null;
  claimedAt: string | null;
  /** The claim history position shown (live claim frames with a lower one are older news). */
  claimSequence: number;
  /** The customer withdrew the request (back with the assistant); a reply still reaches them. */
  withdrawnAt: string | null;
}

export type AdminServerFrame =
  | {
      type: 'snapshot';
      escalations: AdminEscalationView[];
      filter: QueueFilter;
      filterOptions: typeof QUEUE_FILTER_OPTIONS;
    }
  | { type: 'escalation'; escalation: AdminEscalationView }
  | { type: 'message'; conversationId: string; line: AdminTranscriptLine }
  | { type: 'resolved'; escalationId: string; conversationId: string; at: string }
  | { type: 'topic'; escalationId: string; topic: string }
  /** The customer took the request back before any reply; a reply still reaches them. */
  | { type: 'withdrawn'; escalationId: string; conversationId: string; at: string }
  /** Live claims: the highest `sequence` of an escalation holds (two consumers may cross). */
  | { type: 'claimed'; escalationId: string; adminId: string; sequence: number; at: string }
  | { type: 'claim_released'; escalationId: string; adminId: string; sequence: number; at: string }
  | {
      type: 'claim_result';
      escalationId: string;
      outcome: 'claimed' | 'released' | 'unchanged';
      holder: string | null;
    }
  | {
      type: 'claim_refused';
      escalationId: string;
      reason: 'held_by_other' | 'not_holder' | 'resolved';
      holder: string | null;
      message: string;
    }
  | { type: 'ack'; clientMessageId: string }
  | { type: 'error'; code: string; message: string; clientMessageId?: string };
