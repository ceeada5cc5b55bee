import { AppError } from '@support/platform/pure';

/** A publish the stream did not acknowledge in time: the event may not be stored; retry it. */
export class PublishNotAcknowledged extends AppError {
  constructor(subject: string, cause: unknown) {
    super('bus_unavailable', `The event log did not acknowledge a publish to ${subject}`, {
      cause,
    });
    this.name = 'PublishNotAcknowledged';
  }
}

/**
 * The server refused a publish that no retry can make acceptable: no permission for the subject
 * (`forbidden`), or a message the connection or the stream will not take, too large for one
 * (`payload_too_large`). Said at once, never waited on as an outage.
 */
export class PublishRefused extends AppError {
  constructor(subject: string, reason: 'forbidden' | 'payload_too_large', cause: unknown) {
    super(
      reason,
      reason === 'forbidden'
        ? `This service may not publish to ${subject}`
        : `The event log refused the event for ${subject}: ${(cause as Error).message}`,
      { cause },
    );
    this.name = 'PublishRefused';
  }
}
