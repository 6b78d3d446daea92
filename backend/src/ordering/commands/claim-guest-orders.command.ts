import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { DomainError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OrderClaimProof, orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/**
 * A customer has just signed in (or signed up): the guest orders that are theirs become theirs,
 * so they follow them on the dashboard and no longer depend on the browser session that placed them.
 *
 * Two proofs are accepted:
 * - `guestOrderIds`: orders this browser's session placed as a guest (the session is the only thing
 *   that ever let the guest see them), whatever e-mail they carry;
 * - the account's e-mail: guest orders placed with the same address. The shop sends no confirmation
 *   link, so signing in with the password proves only that this person holds the password of the
 *   account first registered with that address, not that they read its mailbox. Whoever registers an
 *   address first therefore sees the guest orders placed with it (items, address, phone). That is
 *   the rule the shop chose (issue 10, Deliver 4) until e-mail addresses are verified by a link.
 *
 * Idempotent: an order already theirs records nothing; an order someone else claimed, or one still
 * being placed, is skipped, never an error for the sign-in.
 */
export class ClaimGuestOrders extends Command<{ claimed: number[]; position: number | null }> {
  constructor(
    readonly customerId: string,
    readonly email: string,
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

  async execute({ customerId, email, guestOrderIds, context }: ClaimGuestOrders) {
    const candidates = new Map<number, OrderClaimProof>(guestOrderIds.map((orderId) => [orderId, 'guest-session']));
    for (const orderId of await this.orders.guestOrderIdsWithEmail(email)) if (!candidates.has(orderId)) candidates.set(orderId, 'account-email');
    const claimed: number[] = [];
    let position: number | null = null;
    for (const [orderId, proof] of candidates) {
      try {
        const result = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'claim', customerId, proof, email: proof === 'account-email' ? email : null }, context);
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
