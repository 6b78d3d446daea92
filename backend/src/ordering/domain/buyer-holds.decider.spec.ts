import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { BuyerHoldEvent } from '../contract/buyer-holds';
import { buyerHoldsDecider, BuyerHoldsCommand, LineToHold, UnpaidHoldRefused } from './buyer-holds.decider';

const buyer = 'address-abc';
const limits = { ordersPerBuyer: 3, sharePercent: 10 };
const line = (productId: number, quantity: number, available: number | null = 100): LineToHold => ({ productId, quantity, name: `Product ${productId}`, available });
const hold = (orderId: number, ...lines: LineToHold[]): BuyerHoldsCommand => ({ kind: 'hold', buyer, orderId, lines, limits });
const free = (orderId: number): BuyerHoldsCommand => ({ kind: 'free', buyer, orderId, reason: 'paid' });
const held = (orderId: number, ...lines: [number, number][]): BuyerHoldEvent => ({
  type: 'BuyerOrderHeld',
  version: 1,
  data: { buyer, orderId, lines: lines.map(([productId, quantity]) => ({ productId, quantity })) },
});
const freed = (orderId: number): BuyerHoldEvent => ({ type: 'BuyerOrderFreed', version: 1, data: { buyer, orderId, reason: 'paid' } });

const ledger = DeciderSpecification.for(buyerHoldsDecider);

describe('buyer holds decider (hoarding bounds)', () => {
  it('holds an order within the bounds, once', () => {
    ledger.given([]).when(hold(1, line(7, 10))).then([held(1, [7, 10])]);
    ledger.given([held(1, [7, 10])]).when(hold(1, line(7, 10))).thenNothing();
  });

  it('refuses a fourth unpaid order, telling the shopper what to do', () => {
    ledger.given([held(1, [7, 1]), held(2, [8, 1]), held(3, [9, 1])]).when(hold(4, line(10, 1))).thenThrows(UnpaidHoldRefused, 'You have 3 unpaid orders. Pay or cancel one before placing another.');
  });

  it('counts a freed order no more', () => {
    ledger.given([held(1, [7, 1]), held(2, [8, 1]), held(3, [9, 1]), freed(2)]).when(hold(4, line(10, 1))).then([held(4, [10, 1])]);
    ledger.given([]).when(free(5)).thenNothing();
  });

  it('holds at most the share of what is left of a product, at least one unit', () => {
    ledger.given([]).when(hold(1, line(7, 11, 100))).thenThrows(UnpaidHoldRefused, 'One buyer may hold at most 10 of Product 7 in unpaid orders at a time. Please lower the quantity.');
    ledger.given([]).when(hold(1, line(7, 1, 4))).then([held(1, [7, 1])]);
    ledger.given([held(1, [7, 1])]).when(hold(2, line(7, 1, 3))).thenThrows(UnpaidHoldRefused, /already hold 1 of Product 7/);
  });

  it('adds up the buyer\'s orders of a product against the share of what is left', () => {
    // 9 held of 100: 91 left, of which 10 % is 9: nothing more.
    ledger.given([held(1, [7, 9])]).when(hold(2, line(7, 1, 91))).thenThrows(UnpaidHoldRefused, /already hold 9 of Product 7, and one buyer may hold at most 9/);
    ledger.given([held(1, [7, 5])]).when(hold(2, line(7, 4, 95))).then([held(2, [7, 4])]);
  });

  it('leaves a product that is not for sale, or a share of 100 %, to the reservation to refuse', () => {
    ledger.given([]).when(hold(1, line(7, 50, null))).then([held(1, [7, 50])]);
    ledger.given([held(1, [7, 10])]).when({ ...hold(2, line(7, 5, 3)), limits: { ordersPerBuyer: 3, sharePercent: 100 } } as BuyerHoldsCommand).then([held(2, [7, 5])]);
  });
});
