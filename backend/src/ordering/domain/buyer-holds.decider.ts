import { ConflictError } from '../../shared/errors';
import { Decider } from '../../shared/event-sourcing/decider';
import { BuyerHoldEvent, HeldLine, UnpaidHoldLimits, unpaidHoldCap } from '../contract/buyer-holds';

/** One buyer's unpaid orders and what each holds: order id → product id → units. */
export interface BuyerHoldsState {
  orders: Record<string, Record<string, number>>;
}

/** A line to hold, with the product's name (for the refusal) and its units left for sale now (null: not for sale, the reservation refuses it). */
export interface LineToHold extends HeldLine {
  name: string;
  available: number | null;
}

export type BuyerHoldsCommand =
  | { kind: 'hold'; buyer: string; orderId: number; lines: LineToHold[]; limits: UnpaidHoldLimits }
  | { kind: 'free'; buyer: string; orderId: number; reason: string }
  /**
   * An order unpaid again (its payment left the chain after paying it) counts against its buyer again: a fact,
   * so no bound refuses it (issue 20), and an order counted already is not counted twice.
   */
  | { kind: 'reinstate'; buyer: string; orderId: number; lines: HeldLine[] };

/** The buyer's bound refuses the order (409); `heldOrderIds` are the orders counted, for the placement to check none of them is settled already. */
export class UnpaidHoldRefused extends ConflictError {
  constructor(
    message: string,
    readonly heldOrderIds: number[],
  ) {
    super(message);
  }
}

/**
 * The ledger of one buyer's unpaid orders, the write side of the hoarding bounds. The bounds are an
 * invariant, so they are decided on a stream (`buyer-holds-<buyer>`), not against a read model that
 * lags: within one process commands on the stream take turns, across instances the append names the
 * revision it decided on and a conflict decides again, so two orders of one buyer sent at once are
 * counted one after the other and never both slip past a bound.
 */
export const buyerHoldsDecider: Decider<BuyerHoldsCommand, BuyerHoldsState, BuyerHoldEvent> = {
  initialState: { orders: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'BuyerOrderHeld':
        return { orders: { ...state.orders, [event.data.orderId]: Object.fromEntries(event.data.lines.map((line) => [line.productId, line.quantity])) } };
      case 'BuyerOrderFreed': {
        const { [String(event.data.orderId)]: _freed, ...orders } = state.orders;
        return { orders };
      }
    }
  },

  decide(command, state) {
    const { buyer, orderId } = command;
    if (command.kind === 'free') {
      if (state.orders[orderId] === undefined) return [];
      return [{ type: 'BuyerOrderFreed', version: 1, data: { buyer, orderId, reason: command.reason } }];
    }
    if (state.orders[orderId] !== undefined) return [];
    if (command.kind === 'reinstate') return [{ type: 'BuyerOrderHeld', version: 1, data: { buyer, orderId, lines: command.lines.map(({ productId, quantity }) => ({ productId, quantity })) } }];
    const heldOrderIds = Object.keys(state.orders).map(Number);
    const { ordersPerBuyer, sharePercent } = command.limits;
    if (heldOrderIds.length >= ordersPerBuyer) {
      const unpaid = heldOrderIds.length === 1 ? '1 unpaid order' : `${heldOrderIds.length} unpaid orders`;
      throw new UnpaidHoldRefused(`You have ${unpaid}. Pay or cancel one before placing another.`, heldOrderIds);
    }
    for (const line of command.lines) {
      // 100 %: a buyer may hold all that is left, which is the reservation's own check.
      if (line.available === null || sharePercent >= 100) continue;
      const held = heldOrderIds.reduce((sum, id) => sum + (state.orders[id][line.productId] ?? 0), 0);
      // Of what is left now: the buyer's own holds have already taken theirs out of it, so repeated orders never add up past the share.
      const cap = unpaidHoldCap(line.available, sharePercent);
      if (held + line.quantity <= cap) continue;
      const message =
        held === 0
          ? `One buyer may hold at most ${cap} of ${line.name} in unpaid orders at a time. Please lower the quantity.`
          : `Your unpaid orders already hold ${held} of ${line.name}, and one buyer may hold at most ${cap} of it until they are paid. Pay or cancel an unpaid order, or lower the quantity.`;
      throw new UnpaidHoldRefused(message, heldOrderIds);
    }
    return [{ type: 'BuyerOrderHeld', version: 1, data: { buyer, orderId, lines: command.lines.map(({ productId, quantity }) => ({ productId, quantity })) } }];
  },
};
