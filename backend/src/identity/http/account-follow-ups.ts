import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { APP_CONFIG, AppConfig } from '../../config';
import { ClaimGuestOrders } from '../../ordering/commands/public';
import { commandContextOf } from '../../shared/http/request-context';
import { RequestEmailVerification, VerifiedEmails } from '../commands/email-verification.command';
import { SessionUser } from '../contract/session-user';

/** A Host header as a browser sends it: a name or address, and perhaps a port; anything else builds no link. */
const PLAIN_HOST = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    return this.commands.execute(new RequestEmailVerification(user.id, user.firstName || user.fullName, this.originOf(request), commandContextOf(request)));
  }

  /**
   * PUBLIC_URL when set. Otherwise the request's own host, which a client chooses: someone signing up
   * with another person's address could have that person mailed a link to a host of their own, so a
   * shop reachable under other names than its own must set PUBLIC_URL.
   */
  private originOf(request: Request): string {
    if (this.config.publicUrl) return this.config.publicUrl;
    const host = request.headers.host ?? '';
    if (!PLAIN_HOST.test(host)) throw new Error(`No link can be built for the host "${host.slice(0, 100)}"; set PUBLIC_URL`);
    return `${request.protocol}://${host}`;
  }

  private async claim(request: Request, userId: string, verifiedEmail: string | null, guestOrderIds: number[]): Promise<void> {
    // The account's holder claims, whoever (if anyone) is signed in in the browser that opened a link.
    const context = { ...commandContextOf(request), actorId: userId };
    const { position } = await this.commands.execute(new ClaimGuestOrders(userId, verifiedEmail, guestOrderIds, context));
    await this.projections.waitFor(position, ['orders']);
  }
}
