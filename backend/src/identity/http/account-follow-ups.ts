import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { ClaimGuestOrders } from '../../ordering/commands/public';
import { commandContextOf } from '../../shared/http/request-context';
import { RequestEmailVerification, VerifiedEmails } from '../commands/email-verification.command';
import { SessionUser } from '../contract/session-user';

/**
 * What follows a sign-up, a login or a confirmed address: guest orders become the customer's and
 * confirmation links are mailed. The sign-in has happened either way, so these log their failures
 * instead of failing it (a claim is tried again at the next sign-in; a link can be asked for again).
 */
@Injectable()
export class AccountFollowUps {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly verifiedEmails: VerifiedEmails,
  ) {}

  /**
   * The guest orders of this browser (remembered in the session, which logging in replaces) always;
   * those placed with the account's address only once the address is confirmed (ClaimGuestOrders
   * says why). Read from the account's stream, so a confirmation a moment ago already counts.
   */
  async claimGuestOrders(request: Request, user: SessionUser, guestOrderIds: number[]): Promise<void> {
    try {
      const verifiedEmail = await this.verifiedEmails.of(user.id);
      await this.claim(request, user.id, verifiedEmail, guestOrderIds);
    } catch (error) {
      this.logger.error(`Guest orders of ${user.id} not claimed: ${(error as Error).message}`);
    }
  }

  /** Right after the link was followed: the guest orders placed with the address just confirmed. */
  async claimByConfirmedEmail(request: Request, userId: string, email: string): Promise<void> {
    try {
      await this.claim(request, userId, email, []);
    } catch (error) {
      this.logger.error(`Guest orders of ${userId} with their confirmed address not claimed: ${(error as Error).message}`);
    }
  }

  /** On sign-up: the first confirmation link. A failure leaves the banner's "Resend e-mail". */
  async mailFirstConfirmationLink(request: Request, user: SessionUser): Promise<void> {
    try {
      await this.requestConfirmationLink(request, user);
    } catch (error) {
      this.logger.error(`No confirmation link mailed to ${user.id}: ${(error as Error).message}`);
    }
  }

  requestConfirmationLink(request: Request, user: SessionUser): Promise<{ position: number | null }> {
    return this.commands.execute(new RequestEmailVerification(user.id, user.firstName || user.fullName, commandContextOf(request)));
  }

  private async claim(request: Request, userId: string, verifiedEmail: string | null, guestOrderIds: number[]): Promise<void> {
    // The account's holder claims, whoever (if anyone) is signed in in the browser that opened a link.
    const context = { ...commandContextOf(request), actorId: userId };
    const { position } = await this.commands.execute(new ClaimGuestOrders(userId, verifiedEmail, guestOrderIds, context));
    await this.projections.waitFor(position, ['orders']);
  }
}
