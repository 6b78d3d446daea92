import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { TooManyRequestsError } from '../../shared/errors';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { SignedInGuard } from '../../shared/http/guards';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { SessionUser } from '../contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ChangePassword, RequestPasswordReset, ResetPassword } from '../commands/password-reset.command';
import {
  ChangePasswordInput,
  changePasswordSchema,
  PASSWORD_CHANGED,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  PasswordResetInput,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '../contract/auth-input';

const HOUR_MS = 60 * 60_000;
/** Reset requests one client address may send an hour (429 past it). */
const REQUESTS_PER_ADDRESS = 10;
/** Links one account is mailed an hour; past it nothing more is mailed, and the answer stays the same. */
const LINKS_PER_ACCOUNT = 3;
/** New passwords one client address may try to set an hour (a token cannot be guessed; this bounds the hashing work). */
const CONFIRMS_PER_ADDRESS = 20;

/**
 * Password reset by e-mail (issue 22): a link to the account's address, then a new password through it.
 * Asking answers 202 with the same text whether or not an account uses the address.
 */
@Controller('api/auth/password-reset')
export class PasswordResetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(202)
  async request(@Body(new ZodValidationPipe(passwordResetRequestSchema)) { email }: z.infer<typeof passwordResetRequestSchema>, @Req() request: Request) {
    await this.rateLimiter.consume(`password-reset:${request.ip}`, REQUESTS_PER_ADDRESS, HOUR_MS, 'Too many password reset requests.');
    try {
      // Per address asked for, not per account found: the bound itself must not tell whether the account exists.
      await this.rateLimiter.consume(`password-reset-email:${email}`, LINKS_PER_ACCOUNT, HOUR_MS, 'Too many reset links.');
      await this.commands.execute(new RequestPasswordReset(email, commandContextOf(request)));
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
    }
    return { message: PASSWORD_RESET_REQUESTED };
  }

  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body(new ZodValidationPipe(passwordResetSchema)) { token, password }: PasswordResetInput, @Req() request: Request) {
    await this.rateLimiter.consume(`password-reset-confirm:${request.ip}`, CONFIRMS_PER_ADDRESS, HOUR_MS, 'Too many password changes.');
    await this.commands.execute(new ResetPassword(token, password, commandContextOf(request)));
    return { message: PASSWORD_RESET_DONE };
  }
}

/** Password changes one account may try an hour: a stolen session cannot guess the current password at leisure. */
const CHANGES_PER_ACCOUNT = 10;

/** The signed-in owner's password change (issue 22, account settings): the current password, then the new one. */
@Controller('api/auth/password')
@UseGuards(SignedInGuard)
export class PasswordChangeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(200)
  async change(@Body(new ZodValidationPipe(changePasswordSchema)) body: ChangePasswordInput, @CurrentUser() user: SessionUser, @Req() request: Request) {
    await this.rateLimiter.consume(`password-change:${user.id}`, CHANGES_PER_ACCOUNT, HOUR_MS, 'Too many password changes.');
    await this.commands.execute(new ChangePassword(user.id, body.currentPassword, body.newPassword, request.sessionID, commandContextOf(request)));
    return { message: PASSWORD_CHANGED };
  }
}
