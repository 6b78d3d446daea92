import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * How many requests this instance is answering right now. Background work that nobody waits for (a
 * projector working off a backlog) takes a smaller share of the thread while there are any, so a
 * backlog of page views does not slow the orders being placed beside it.
 */
@Injectable()
export class RequestsInFlight {
  private count = 0;

  get busy(): boolean {
    return this.count > 0;
  }

  /** Counts a request from its arrival until its connection is done with it (answered or abandoned). */
  track() {
    return (_request: Request, response: Response, next: NextFunction) => {
      this.count += 1;
      response.once('close', () => (this.count -= 1));
      next();
    };
  }
}
