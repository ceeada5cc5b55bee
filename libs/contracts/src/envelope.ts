import {
  IsBoolean,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Min,
} from 'class-validator';

/** Every event on the stream has this envelope; `payload` is validated by the event's own class. */
export class EventEnvelopeDto {
  /** Unique; also the `Nats-Msg-Id` header, so a second publish of the same event is deduplicated. */
  @IsUUID()
  id!: string;

  @IsString()
  @Matches(/^[a-z_]+\.[a-z_]+$/)
  type!: string;

  @IsInt()
  @Min(1)
  version!: number;

  @IsISO8601({ strict: true })
  occurredAt!: string;

  @IsOptional()
  @IsString()
  conversationId!: string | null;

  @IsOptional()
  @IsString()
  turnId!: string | null;

  /** The event that caused this one (null for events started by a person). */
  @IsOptional()
  @IsUUID()
  causationId!: string | null;

  /** Shared by every event of one unit of work (a turn, an ingestion run). */
  @IsUUID()
  correlationId!: string;

  /**
   * Evaluation traffic (`cli eval`, `cli ask`): set on the question and inherited by every event it
   * causes, so nothing of it reaches a person (Slack, the admin console) or an analyst's numbers.
   * Absent on live traffic, whose events keep the bytes they always had.
   */
  @IsOptional()
  @IsBoolean()
  synthetic?: boolean;

  @IsObject()
  payload!: Record<string, unknown>;
}

export interface EventEnvelope<TType extends string = string, TPayload = unknown> {
  readonly id: string;
  readonly type: TType;
  readonly version: number;
  readonly occurredAt: string;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly causationId: string | null;
  readonly correlationId: string;
  /** See `EventEnvelopeDto.synthetic`: true on evaluation traffic, absent otherwise. */
  readonly synthetic?: boolean;
  readonly payload: TPayload;
}

/** What the caller supplies besides the payload: ids and time come in, never made up inside. */
export interface EventMetadata {
  readonly id: string;
  readonly occurredAt: string;
  readonly conversationId?: string | null;
  readonly turnId?: string | null;
  readonly causationId?: string | null;
  readonly correlationId: string;
  /** Evaluation traffic; only `true` is written to the envelope. */
  readonly synthetic?: boolean;
}

/** Whether an event is evaluation traffic (`cli eval`, `cli ask`) rather than a customer's. */
export function isSynthetic(event: Pick<EventEnvelope, 'synthetic'>): boolean {
  return event.synthetic === true;
}

/**
 * The metadata an event takes from the event that caused it: its conversation, turn and
 * correlation, the cause as causation, and whether it is evaluation traffic (which every
 * consequence of a synthetic event is too).
 */
export function causedBy(
  cause: EventEnvelope,
): Pick<
  EventMetadata,
  'conversationId' | 'turnId' | 'causationId' | 'correlationId' | 'synthetic'
> {
  return {
    conversationId: cause.conversationId,
    turnId: cause.turnId,
    causationId: cause.id,
    correlationId: cause.correlationId,
    ...inheritSynthetic(cause),
  };
}

/** `{ synthetic: true }` when `cause` is evaluation traffic, else nothing: spread into metadata. */
export function inheritSynthetic(cause: Pick<EventEnvelope, 'synthetic'> | null | undefined): {
  synthetic?: true;
} {
  return cause && isSynthetic(cause) ? { synthetic: true } : {};
}
