import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { legacyPlain } from '../../personal/sealed-format.js';
import { PersonalText } from '../../personal/personal-field.js';
import {
  ADMIN_ID_MAX_CHARS,
  ADMIN_REPLY_MAX_CHARS,
  EXTERNAL_REPLY_ID_MAX_CHARS,
} from '../../limits.js';

export class AdminRepliedPayload {
  @IsUUID()
  escalationId!: string;

  @IsIn(['slack', 'console'])
  provider!: 'slack' | 'console';

  @IsString()
  @Length(1, ADMIN_ID_MAX_CHARS)
  adminId!: string;

  /**
   * Sent to the customer verbatim. Personal, sealed under the customer's key: an answer to what
   * they wrote, which may quote it (their order, their address).
   */
  @PersonalText({ maxChars: ADMIN_REPLY_MAX_CHARS })
  text!: string;

  /** The provider's id of the reply (Slack event id), so a retried delivery replies once. */
  @IsString()
  @Length(1, EXTERNAL_REPLY_ID_MAX_CHARS)
  externalId!: string;
}

/** Version 1 carried the text in plaintext; it is handed on wrapped as `pd0` (docs/privacy.md). */
function sealedTextOfVersion1(payload: Record<string, unknown>): Record<string, unknown> {
  return { ...payload, text: legacyPlain(String(payload.text ?? '')) };
}

export const AdminReplied = defineEvent({
  type: 'escalation.admin_replied',
  version: 2,
  payload: AdminRepliedPayload,
  summary:
    "An admin answered in the handoff thread; resumes the conversation's graph. The text is " +
    'personal: sealed under the customer’s key.',
  upcasters: { 1: sealedTextOfVersion1 },
});
