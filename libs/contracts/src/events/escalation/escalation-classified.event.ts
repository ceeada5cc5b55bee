import { Type } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { defineEvent } from '../../event-definition.js';
import { ErrorInfoDto } from '../shared.dto.js';
import { ESCALATION_TOPICS, type EscalationTopic } from './escalation-reasons.js';

export class EscalationClassifiedPayload {
  @IsUUID()
  escalationId!: string;

  @IsIn(ESCALATION_TOPICS)
  topic!: EscalationTopic;

  /** `fallback`: the classifier timed out, failed or answered garbage; topic is `unclassified`. */
  @IsIn(['llm', 'rules', 'fallback'])
  classifier!: 'llm' | 'rules' | 'fallback';

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  confidence?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ErrorInfoDto)
  error?: ErrorInfoDto;
}

export const EscalationClassified = defineEvent({
  type: 'escalation.classified',
  version: 1,
  payload: EscalationClassifiedPayload,
  summary: "The escalation's topic, labelled asynchronously from the full transcript.",
});
