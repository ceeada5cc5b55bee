import { CommanderError } from 'commander';
import { messageOf } from '../infra/with-message.js';
import { CliError, EXIT, type ExitCode } from './exit-codes.js';

const UNREACHABLE = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|CONNECTION_REFUSED/;

/** The exit status for whatever a command threw (see exit-codes.ts). */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CommanderError)
    // --help and --version are answers; everything else commander throws is a usage error.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (error instanceof CliError) return error.exitCode;
  if (
    UNREACHABLE.test(messageOf(error)) ||
    UNREACHABLE.test(String((error as { code?: unknown })?.code))
  )
    return EXIT.unavailable;
  return EXIT.failed;
}
