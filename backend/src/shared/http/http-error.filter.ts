import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { WrongExpectedRevisionError } from '../../storage/event-store/event-store.port';
import { DomainError, NotYetVisibleError } from '../errors';

/** The one error format: the status code and `{ message }`. Anything unexpected is logged and answered 500 without details. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = describeError(error);
    if (status >= 500) this.logger.error(error instanceof Error ? error.stack ?? error.message : String(error));
    if (response.headersSent) return;
    if (error instanceof NotYetVisibleError) response.setHeader('Location', error.location);
    response.status(status).json({ message });
  }
}

export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof DomainError || error instanceof NotYetVisibleError) return { status: error.status, message: error.message };
  if (error instanceof WrongExpectedRevisionError) {
    return { status: 409, message: 'The record was changed by someone else at the same time. Please try again.' };
  }
  if (error instanceof HttpException) {
    const body = error.getResponse();
    const message = typeof body === 'string' ? body : messageOf(body) ?? error.message;
    return { status: error.getStatus(), message };
  }
  const bodyParserError = error as { type?: string; status?: number };
  if (bodyParserError.type === 'entity.parse.failed') return { status: 400, message: 'The request body is not valid JSON' };
  if (bodyParserError.type === 'entity.too.large') return { status: 413, message: 'The request body is too large' };
  if (typeof bodyParserError.status === 'number' && bodyParserError.status >= 400 && bodyParserError.status < 500) {
    return { status: bodyParserError.status, message: (error as Error).message };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

function messageOf(body: object): string | null {
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return null;
}
