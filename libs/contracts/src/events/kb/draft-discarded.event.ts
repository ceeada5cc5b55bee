import { IsString, IsUUID, Matches } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ADMIN_ID_PATTERN } from '../escalation/escalation-claimed.event.js';
import { GAP_ID_PATTERN } from './knowledge-gap.dto.js';

export class DraftDiscardedPayload {
  @IsUUID()
  draftId!: string;

  @Matches(GAP_ID_PATTERN)
  gapId!: string;

  @IsString()
  @Matches(ADMIN_ID_PATTERN)
  discardedBy!: string;
}

export const DraftDiscarded = defineEvent({
  type: 'kb.draft_discarded',
  version: 1,
  payload: DraftDiscardedPayload,
  summary: 'An admin threw a draft away; its knowledge gap stays open.',
});
