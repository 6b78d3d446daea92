/**
 * Failures the business rules raise; the HTTP layer maps each to its status code
 * and answers `{ message }` with the text given here.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 429;
  constructor(
    message: string,
    /** Flags answered beside `message` that tell a client what to do next (e.g. `twoFactorRequired`): never data. */
    readonly hints: Readonly<Record<string, true>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  readonly status = 400;
}

export class NotAuthenticatedError extends DomainError {
  readonly status = 401;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
}

export class ConflictError extends DomainError {
  readonly status = 409;
}

/**
 * Writers in other instances kept changing the same stream for the whole retry budget: nothing about
 * the command was refused, it could not be recorded now. A process treats it as an interruption (its
 * supervisor finishes the run), never as a decision; a request answers 409 "try again".
 */
export class ConcurrencyConflictError extends ConflictError {
  constructor() {
    super('The record was changed by someone else at the same time. Please try again.');
  }
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}

/**
 * Not a failure: the change was recorded, but the read model the answer comes from does not show it
 * yet. Answered 202 with the `Location` to read it from, never as a 404 for something that exists.
 */
export class NotYetVisibleError extends Error {
  readonly status = 202;
  constructor(readonly location: string) {
    super('Your change was recorded and will show in a moment.');
    this.name = 'NotYetVisibleError';
  }
}
