/** What the CLI's exit status means; README's CLI section lists the same table. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The command ran and failed (a document quarantined, a turn without a trace, a timeout). */
  failed: 1,
  /** Unknown command or option, a bad or missing argument, a file or folder that is not there. */
  usage: 2,
  /** NATS or PostgreSQL could not be reached where the command looked. */
  unavailable: 3,
  /** `start` while another `start` of the same data folder runs. */
  alreadyRunning: 4,
  /** Stopped by Ctrl-C or SIGTERM (128 + the signal number, as shells report it). */
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI prints as one line and exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
