import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';

/**
 * Hands a handler's error to the transport as thrown. Nest's default RPC filter would turn it into
 * `{ status: 'error', message: 'Internal server error' }`, and the consumer's failure policy
 * (term, wait, nak) reads the error's own code.
 */
@Catch()
export class HandlerErrorsToTheConsumer implements RpcExceptionFilter {
  catch(error: unknown): Observable<never> {
    return throwError(() => error);
  }
}
