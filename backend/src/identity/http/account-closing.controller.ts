import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { ConflictError } from '../../shared/errors';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { SignedInGuard } from '../../shared/http/guards';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CloseAccount } from '../commands/close-account.command';
import { ACCOUNT_CLOSED, CloseAccountInput, closeAccountSchema } from '../contract/auth-input';
import { SessionUser } from '../contract/session-user';
import { signOutHere } from './session/sign-out';

const HOUR_MS = 60 * 60_000;
/** Tries one account may make an hour: a stolen session cannot guess the password at leisure. */
const TRIES_PER_ACCOUNT = 10;
const ORDERS_BEING_UPDATED = 'Your orders are still being brought up to date. Please try again in a moment.';

/** The signed-in owner closes the account (issue 22): then this browser is signed out, as every other already is. */
@Controller('api/user/close')
@UseGuards(SignedInGuard)
export class AccountClosingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly orders: OrderQueries,
    private readonly rateLimiter: RateLimiter,
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Post()
  @HttpCode(200)
  async close(@Body(new ZodValidationPipe(closeAccountSchema)) body: CloseAccountInput, @CurrentUser() user: SessionUser, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.rateLimiter.consume(`account-close:${user.id}`, TRIES_PER_ACCOUNT, HOUR_MS, 'Too many attempts. Please try again later.');
    // Which orders are still in progress is the orders read model's answer: it must have taken in everything recorded
    // so far (an order placed, or claimed, a moment ago), or a closing could erase the address an order still needs.
    if (!(await this.projections.waitFor(await this.events.headPosition(), ['orders']))) throw new ConflictError(ORDERS_BEING_UPDATED);
    const orders = await this.orders.ofClosingCustomer(user.id);
    await this.commands.execute(new CloseAccount(user.id, body.password, orders, commandContextOf(request)));
    await signOutHere(request, response);
    return { message: ACCOUNT_CLOSED };
  }
}
