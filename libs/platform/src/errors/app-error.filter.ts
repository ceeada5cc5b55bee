import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { codeOf, policyOf, publicMessageOf } from './app-error.js';

/** HTTP face of the error table: status from ERROR_POLICY, body `{ code, message }`. */
@Catch()
export class AppErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (error instanceof HttpException) {
      response.status(error.getStatus()).json({ code: 'http_error', message: error.message });
      return;
    }
    const code = codeOf(error);
    if (code === 'internal')
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    response.status(policyOf(error).http).json({ code, message: publicMessageOf(error) });
  }
}
