import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { DomainError } from '../../shared/errors';
import { SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ConfirmEmailChange, RequestEmailChange } from '../commands/email-change.command';
import { ChangeEmailInput, changeEmailSchema, emailChangeRequested } from '../contract/auth-input';
import { SessionUser } from '../contract/session-user';

const HOUR_MS = 60 * 60_000;
/** Changes one account may ask for an hour: each mails two addresses, and each checks the current password. */
const REQUESTS_PER_ACCOUNT = 5;
/** Links one client address may follow an hour (a token cannot be guessed; this bounds the work). */
const CONFIRMS_PER_ADDRESS = 20;

/** The signed-in owner asks to change the account's e-mail address (issue 22, account settings). */
@Controller('api/user/email')
@UseGuards(SignedInGuard)
export class EmailChangeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(202)
  async request(@Body(new ZodValidationPipe(changeEmailSchema)) body: ChangeEmailInput, @CurrentUser() user: SessionUser, @Req() request: Request) {
    await this.rateLimiter.consume(`email-change:${user.id}`, REQUESTS_PER_ACCOUNT, HOUR_MS, 'Too many e-mail changes.');
    await this.commands.execute(new RequestEmailChange(user.id, body.newEmail, body.currentPassword, user.firstName, commandContextOf(request)));
    return { message: emailChangeRequested(body.newEmail) };
  }
}

/** The link mailed to the new address, opened in a browser: the change is made, then the account page says so. */
@Controller('api/auth/confirm-email-change')
export class EmailChangeConfirmationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** Any token that is not a live one (garbage, expired, used), or an address taken meanwhile, fails the same way. */
  @Get()
  async confirm(@Query('token') token: unknown, @Req() request: Request, @Res() response: Response) {
    await this.rateLimiter.consume(`email-change-confirm:${request.ip}`, CONFIRMS_PER_ADDRESS, HOUR_MS, 'Too many e-mail changes.');
    let changed: { position: number | null };
    try {
      changed = await this.commands.execute(new ConfirmEmailChange(typeof token === 'string' ? token : '', commandContextOf(request)));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      response.redirect(302, '/dashboard/account?emailChange=failed');
      return;
    }
    await this.projections.waitFor(changed.position, ['users']);
    response.redirect(302, '/dashboard/account?emailChanged=1');
  }
}
