import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { DomainError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OrderClaimProof, orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/**
 * A customer has just signed in (or signed up, or confirmed their e-mail address): the guest orders
 * that are theirs become theirs, so they follow them on the dashboard and no longer depend on the
 * browser session that placed them.
 *
 * Two proofs are accepted:
 * - `guestOrderIds`: orders this browser's session placed as a guest (the session is the only thing
 *   that ever let the guest see them), whatever e-mail they carry;
 * - `verifiedEmail`: guest orders placed with that address, given only once the account holder has
 *   followed a link mailed to it (identity's EmailVerified). A password alone proves nothing about a
 *   mailbox: whoever registered someone else's address first would otherwise see that person's guest
 *   orders (items, address, phone). null: no address confirmed, only this browser's orders.
 *
 * Idempotent: an order already theirs records nothing; an order someone else claimed, or one still
 * being placed, is skipped, never an error for the sign-in.
 */
export class ClaimGuestOrders extends Command<{ claimed: number[]; position: number | null }> {
  constructor(
    readonly customerId: string,
    /** Already lower-cased; null unless the account's holder has confirmed it. */
    readonly verifiedEmail: string | null,
    readonly guestOrderIds: readonly number[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ClaimGuestOrders)
export class ClaimGuestOrdersHandler implements ICommandHandler<ClaimGuestOrders> {
  private readonly logger = new Logger('ClaimGuestOrders');

  constructor(
    private readonly streams: StreamExecutor,
    private readonly orders: OrderQueries,
  ) {}

  async execute({ customerId, verifiedEmail, guestOrderIds, context }: ClaimGuestOrders) {
    const candidates = new Map<number, OrderClaimProof>(guestOrderIds.map((orderId) => [orderId, 'guest-session']));
    const withEmail = verifiedEmail === null ? [] : await this.orders.guestOrderIdsWithEmail(verifiedEmail);
    for (const orderId of withEmail) if (!candidates.has(orderId)) candidates.set(orderId, 'account-email');
    const claimed: number[] = [];
    let position: number | null = null;
    for (const [orderId, proof] of candidates) {
      try {
        const result = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'claim', customerId, proof, email: proof === 'account-email' ? verifiedEmail : null }, context);
        if (result.position !== null) {
          claimed.push(orderId);
          position = result.position;
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.debug(`Order ${orderId} not claimed for ${customerId}: ${error.message}`);
      }
    }
    return { claimed, position };
  }
}
