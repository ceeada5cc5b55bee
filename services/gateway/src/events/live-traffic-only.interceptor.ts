import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { type EventEnvelope, isSynthetic } from '@support/contracts';
import { type Observable, of } from 'rxjs';

/**
 * Evaluation traffic (synthetic events) reaches neither customers nor admins: it has no customer
 * socket, and no admin handles it (the projections leave it out, so its replies' causes would never
 * be recorded either). Its events are acknowledged without reaching the handler.
 */
@Injectable()
export class LiveTrafficOnly implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return isSynthetic(context.switchToRpc().getData<EventEnvelope>())
      ? of(undefined)
      : next.handle();
  }
}
