import { AppError } from '@support/platform';

/** A publish the stream did not acknowledge in time: the event may not be stored; retry it. */
export class PublishNotAcknowledged extends AppError {
  constructor(subject: string, cause: unknown) {
    super('bus_unavailable', `The event log did not acknowledge a publish to ${subject}`, {
      cause,
    });
    this.name = 'PublishNotAcknowledged';
  }
}

/** The server refused a publish for lack of permission: retrying cannot help, so say so at once. */
export class PublishRefused extends AppError {
  constructor(subject: string, cause: unknown) {
    super('forbidden', `This service may not publish to ${subject}`, { cause });
    this.name = 'PublishRefused';
  }
}
