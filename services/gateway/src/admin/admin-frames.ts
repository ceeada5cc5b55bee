import { IsIn, IsString, IsUUID, Length, Matches } from 'class-validator';

export class AdminReplyFrame {
  @IsIn(['reply'])
  type!: 'reply';

  @IsUUID()
  escalationId!: string;

  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  clientMessageId!: string;

  @IsString()
  @Length(1, 8000)
  text!: string;
}

export interface AdminTranscriptLine {
  role: 'customer' | 'agent' | 'human';
  kind: string;
  text: string;
  at: string;
}

/** One open escalation as the console shows it. */
export interface AdminEscalationView {
  escalationId: string;
  conversationId: string;
  customerId: string;
  reason: string;
  group: string;
  topic: string | null;
  language: string;
  question: string;
  openedAt: string;
  chunks: { chunkId: string; score: number }[];
  transcript: AdminTranscriptLine[];
}

export type AdminServerFrame =
  | { type: 'snapshot'; escalations: AdminEscalationView[] }
  | { type: 'escalation'; escalation: AdminEscalationView }
  | { type: 'message'; conversationId: string; line: AdminTranscriptLine }
  | { type: 'resolved'; escalationId: string; conversationId: string; at: string }
  | { type: 'topic'; escalationId: string; topic: string }
  | { type: 'ack'; clientMessageId: string }
  | { type: 'error'; code: string; message: string; clientMessageId?: string };
