import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ProductsForSale } from '../../catalogue/commands/public';
import { APP_CONFIG, AppConfig } from '../../config';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { buyerHoldsStream } from '../contract/buyer-holds';
import { OrderLine, orderStream } from '../contract/order.events';
import { buyerHoldsDecider, BuyerHoldsCommand, LineToHold, UnpaidHoldRefused } from '../domain/buyer-holds.decider';
import { countsAsUnpaid, orderDecider, OrderState } from '../domain/order.decider';

/**
 * The hoarding bounds as steps of the order processes: the placement counts an order against each of
 * its buyers' ledgers before it holds any stock, and frees it again when it is rejected; the stock
 * return frees it when it is cancelled or expires.
 *
 * Payment and delivery settle an order without a process of their own, so they do not write to the
 * ledgers. Instead, when a ledger refuses an order, the orders it counts are checked against their
 * own streams (the write side, never a read model), the settled ones (paid, delivered, cancelled,
 * rejected) are freed, and the order is decided again. A bound therefore refuses only for orders that
 * really are unpaid, and a step interrupted by a crash can never leave a buyer blocked. The refused
 * ledger holds at most the bound's number of orders, so the check reads a handful of streams.
 */
@Injectable()
export class BuyerHolds {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts the order against every buyer, or throws UnpaidHoldRefused (409, what to do in its message). Holding again holds nothing more. */
  async hold(orderId: number, buyers: string[], lines: OrderLine[], context: CommandContext): Promise<void> {
    const limits = this.config.unpaidHolds;
    if (buyers.length === 0 || limits === null) return;
    // What is left of each product now: the share a buyer may hold is of this (contract/buyer-holds.ts).
    const available = new Map((await this.queries.execute(new ProductsForSale(lines.map((line) => line.productId)))).map((product) => [product.productId, product.stock]));
    const toHold: LineToHold[] = lines.map(({ productId, quantity, name }) => ({ productId, quantity, name, available: available.get(productId) ?? null }));
    for (const buyer of buyers) {
      const command: BuyerHoldsCommand = { kind: 'hold', buyer, orderId, lines: toHold, limits };
      try {
        await this.streams.execute(buyerHoldsStream(buyer), buyerHoldsDecider, command, context);
      } catch (error) {
        if (!(error instanceof UnpaidHoldRefused) || !(await this.freeSettled(buyer, error.heldOrderIds, context))) throw error;
        await this.streams.execute(buyerHoldsStream(buyer), buyerHoldsDecider, command, context);
      }
    }
  }

  /** The order counts against every buyer again, whatever their bounds (a payment taken back by the chain); counted once. */
  async reinstate(orderId: number, buyers: string[], lines: OrderLine[], context: CommandContext): Promise<void> {
    if (this.config.unpaidHolds === null) return;
    for (const buyer of buyers) {
      await this.streams.execute(buyerHoldsStream(buyer), buyerHoldsDecider, { kind: 'reinstate', buyer, orderId, lines: lines.map(({ productId, quantity }) => ({ productId, quantity })) }, context);
    }
  }

  /** The order counts against none of its buyers any more; freeing twice frees nothing more. */
  async free(orderId: number, buyers: string[], reason: string, context: CommandContext): Promise<void> {
    for (const buyer of buyers) await this.streams.execute(buyerHoldsStream(buyer), buyerHoldsDecider, { kind: 'free', buyer, orderId, reason }, context);
  }

  /** Frees the buyer's orders that are settled; whether any was. */
  private async freeSettled(buyer: string, orderIds: number[], context: CommandContext): Promise<boolean> {
    let freed = false;
    for (const orderId of orderIds) {
      const { state } = await this.streams.load(orderStream(orderId), orderDecider);
      if (countsAsUnpaid(state)) continue;
      await this.free(orderId, [buyer], settlementOf(state), context);
      freed = true;
    }
    return freed;
  }
}

function settlementOf(state: OrderState): string {
  if (state.stage !== 'placed') return 'The order was not placed';
  if (state.status === 'cancelled') return 'The order was cancelled';
  if (state.status === 'delivered') return 'The order was delivered';
  return 'The order was paid';
}
