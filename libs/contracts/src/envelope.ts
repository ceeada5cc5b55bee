import {
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
}
