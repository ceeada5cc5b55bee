/** An event or payload that does not satisfy its contract. `field` names the first failing path. */
export class ContractViolation extends Error {
  readonly code = 'validation_failed';
  constructor(
    message: string,
    readonly field: string | null,
    readonly eventType: string | null,
  ) {
    super(message);
    this.name = 'ContractViolation';
  }
}

/** An event whose version is newer than this code knows, or has no upcaster to the current one. */
export class UnsupportedEventVersion extends Error {
  readonly code = 'unsupported_version';
  constructor(
    readonly eventType: string,
    readonly version: number,
  ) {
    super(`Event ${eventType} version ${version} is not supported by this build`);
    this.name = 'UnsupportedEventVersion';
  }
}
