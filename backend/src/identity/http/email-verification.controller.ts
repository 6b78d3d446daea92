import { Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { DomainError } from '../../shared/errors';
import { SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, CurrentUser, currentUserOf } from '../../shared/http/request-context';
import { VerifyEmail } from '../commands/email-verification.command';
import { SessionUser } from '../contract/session-user';
import { AccountFollowUps } from './account-follow-ups';

/** Confirmation mails one account may ask for per hour (the sign-up's own is not counted). */
const RESENDS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

/**
 * Confirming an account's e-mail address: the proof that lets guest orders placed with it become
 * the account's (issue 10, Deliver 4). Until then, only the orders this browser placed are claimed.
 */
@Controller('api/auth/verify-email')
export class EmailVerificationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
    private readonly followUps: AccountFollowUps,
  ) {}

  /**
   * Browser navigation from the mailed link. Confirmed: the guest orders placed with the address are
   * claimed, then the dashboard says so. Any other token (garbage, expired, used) fails the same way,
   * on the dashboard for a signed-in browser (the sign-in page would only send it on), else on the sign-in page.
   */
  @Get()
  async verify(@Query('token') token: unknown, @Req() request: Request, @Res() response: Response) {
    let confirmed: { userId: string; email: string; position: number | null };
    try {
      confirmed = await this.commands.execute(new VerifyEmail(typeof token === 'string' ? token : '', commandContextOf(request)));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      response.redirect(302, currentUserOf(request) ? '/dashboard?emailVerification=failed' : '/auth?emailVerification=failed');
      return;
    }
    await this.projections.waitFor(confirmed.position, ['users']);
    await this.followUps.claimByConfirmedEmail(request, confirmed.userId, confirmed.email);
    response.redirect(302, '/dashboard?emailVerified=1');
  }

  /** The dashboard banner's "Resend e-mail": a new link (the last one stops working), to the account's own address only. */
  @Post('resend')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async resend(@CurrentUser() user: SessionUser, @Req() request: Request): Promise<{ email: string }> {
    await this.rateLimiter.consume(`email-verification:${user.id}`, RESENDS_PER_HOUR, HOUR_MS, 'Too many confirmation e-mails.');
    await this.followUps.requestConfirmationLink(request, user);
    return { email: user.email };
  }
}
