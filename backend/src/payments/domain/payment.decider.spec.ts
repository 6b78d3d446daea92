import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification, stateAfter } from '../../shared/event-sourcing/decider-specification';
import { CHAIN_WATCHER_SOURCE, PaymentEvent, PaymentInitiated } from '../contract/payment.events';
import { chainPaysNow, PaymentCommand, paymentDecider, settlementOf } from './payment.decider';

const quote: PaymentInitiated['data'] = {
  paymentId: 41,
  orderId: 1001,
  method: 'usdt-trc20',
  coin: 'USDT',
  walletAddress: 'TXYZwallet',
  amountAud: '130.00',
  cryptoAmount: '84.50',
  usdPerAud: '0.65',
  coinPriceUsd: '1',
  paymentUri: 'tron:TXYZwallet?amount=84.50',
  expiresAt: '2030-05-01T10:00:00.000Z',
};
const ids = { paymentId: 41, orderId: 1001 };

const initiated = (): PaymentEvent => ({ type: 'PaymentInitiated', version: 1, data: quote });
const confirmed = (transactionHash = '0xabc'): PaymentEvent => ({ type: 'PaymentConfirmed', version: 1, data: { ...ids, transactionHash, source: 'admin:ada' } });
const failed = (): PaymentEvent => ({ type: 'PaymentFailed', version: 1, data: { ...ids, reason: 'The quote expired', source: 'admin:ada' } });

const initiate: PaymentCommand = { kind: 'initiate', ...quote };
const confirm = (transactionHash = '0xabc'): PaymentCommand => ({ kind: 'confirm', transactionHash, source: 'admin:ada' });
const fail: PaymentCommand = { kind: 'fail', reason: 'The quote expired', source: 'admin:ada' };

const payment = DeciderSpecification.for(paymentDecider);

describe('payment decider', () => {
  it('initiates a payment with its quote', () => {
    payment.given([]).when(initiate).then([initiated()]);
  });

  it('records a derived address, the amount in smallest units and the rate sources with the quote', () => {
    const derived: PaymentInitiated['data'] = { ...quote, cryptoAmountUnits: '84500000', addressDerivation: { xpubFingerprint: '1a2b3c4d', path: "m/44'/195'/0'/0/7", index: 7 }, rateSources: ['coinbase', 'kraken'] };
    payment.given([]).when({ kind: 'initiate', ...derived }).then([{ type: 'PaymentInitiated', version: 1, data: derived }]);
  });

  it('refuses to initiate a payment twice', () => {
    payment.given([initiated()]).when(initiate).thenThrows(ConflictError, 'Payment 41 already exists');
  });

  it('confirms a pending payment with its transaction', () => {
    payment.given([initiated()]).when(confirm('0xabc')).then([confirmed('0xabc')]);
  });

  it('records nothing when the payment is confirmed again with the same transaction', () => {
    payment.given([initiated(), confirmed('0xabc')]).when(confirm('0xabc')).thenNothing();
  });

  it('refuses to confirm a confirmed payment with another transaction', () => {
    payment.given([initiated(), confirmed('0xabc')]).when(confirm('0xdef')).thenThrows(ConflictError, 'Payment 41 is already confirmed with another transaction');
  });

  it('refuses to confirm a failed payment: the order needs a new payment', () => {
    payment.given([initiated(), failed()]).when(confirm()).thenThrows(ConflictError, 'Payment 41 has failed; start a new payment for the order');
  });

  it('fails a pending payment', () => {
    payment.given([initiated()]).when(fail).then([failed()]);
  });

  it('records nothing when a failed payment fails again', () => {
    payment.given([initiated(), failed()]).when(fail).thenNothing();
  });

  it('refuses to fail a confirmed payment', () => {
    payment.given([initiated(), confirmed()]).when(fail).thenThrows(ConflictError, 'Payment 41 is already confirmed');
  });

  const close: PaymentCommand = { kind: 'close', replacedBy: 42, replacedByMethod: 'ethereum', expired: false };
  const closed = (): PaymentEvent => ({ type: 'PaymentQuoteClosed', version: 1, data: { ...ids, replacedBy: 42, replacedByMethod: 'ethereum', expired: false } });

  it('closes a pending quote when the shopper chooses another coin', () => {
    payment.given([initiated()]).when(close).then([closed()]);
  });

  it.each([
    ['confirmed', confirmed()],
    ['failed', failed()],
    ['closed', closed()],
  ])('keeps the outcome of a %s payment when another coin is chosen', (_, outcome) => {
    payment.given([initiated(), outcome]).when(close).thenNothing();
  });

  it('refuses to confirm a closed quote: the order is paid through its current payment', () => {
    payment.given([initiated(), closed()]).when(confirm()).thenThrows(ConflictError, 'Payment 41 has failed; start a new payment for the order');
  });

  it.each([
    ['confirm', confirm()],
    ['fail', fail],
  ])('knows no payment that was never initiated (%s)', (_, command) => {
    payment.given([]).when(command).thenThrows(NotFoundError, 'Payment not found');
  });

  describe('on the chain', () => {
    const watchedQuote: PaymentInitiated['data'] = { ...quote, method: 'ethereum', coin: 'ETH', cryptoAmountUnits: '1000', confirmationsRequired: 3, fromHeight: 100 };
    const watched = (): PaymentEvent => ({ type: 'PaymentInitiated', version: 1, data: watchedQuote });
    const onTime = '2030-05-01T09:55:00.000Z';
    const tooLate = '2030-05-01T10:05:00.000Z';
    const seen = (amountUnits: string, confirmations: number, transferId = '0xt1') => ({ transferId, transactionHash: transferId, amountUnits, blockHeight: 101, blockHash: '0xb101', confirmations });
    const observe = (now: string, ...transfers: ReturnType<typeof seen>[]): PaymentCommand => ({ kind: 'observe', transfers, now });
    const detected = (amountUnits: string, confirmations: number, seenAt = onTime, transferId = '0xt1'): PaymentEvent => ({
      type: 'PaymentTransferDetected', version: 1, data: { ...ids, transferId, transactionHash: transferId, amountUnits, blockHeight: 101, blockHash: '0xb101', confirmations, seenAt },
    });
    const deeper = (confirmations: number, transferId = '0xt1'): PaymentEvent => ({ type: 'PaymentTransferConfirmationsChanged', version: 1, data: { ...ids, transferId, blockHeight: 101, blockHash: '0xb101', confirmations } });
    const dropped = (transferId = '0xt1'): PaymentEvent => ({ type: 'PaymentTransferDropped', version: 1, data: { ...ids, transferId } });
    const chainConfirmed = (): PaymentEvent => ({ type: 'PaymentConfirmed', version: 1, data: { ...ids, transactionHash: '0xt1', source: CHAIN_WATCHER_SOURCE } });
    const state = (events: PaymentEvent[]) => stateAfter(paymentDecider, events);

    it('records a transfer seen, with its confirmations and the time it was seen', () => {
      payment.given([watched()]).when(observe(onTime, seen('1000', 1))).then([detected('1000', 1)]);
    });

    it('records nothing when the chain shows what the stream already knows', () => {
      payment.given([watched(), detected('1000', 1)]).when(observe(onTime, seen('1000', 1))).thenNothing();
    });

    it('records new confirmations up to the policy only', () => {
      payment.given([watched(), detected('1000', 1)]).when(observe(onTime, seen('1000', 2))).then([deeper(2)]);
      payment.given([watched(), detected('1000', 1), deeper(3)]).when(observe(onTime, seen('1000', 40))).thenNothing();
    });

    it('derives detected, then confirmed once every transfer meets the policy and pays the amount', () => {
      expect(settlementOf(state([watched(), detected('1000', 1)]))).toMatchObject({ state: 'detected', confirmations: 1, confirmationsRequired: 3, amountDueUnits: '0' });
      expect(chainPaysNow(state([watched(), detected('1000', 1)]))).toBe(false);
      expect(settlementOf(state([watched(), detected('1000', 1), deeper(3)])).state).toBe('confirmed');
      expect(chainPaysNow(state([watched(), detected('1000', 1), deeper(3)]))).toBe(true);
    });

    it('derives underpaid with the amount still due, and overpaid', () => {
      expect(settlementOf(state([watched(), detected('600', 3)]))).toMatchObject({ state: 'underpaid', amountDueUnits: '400', confirmedUnits: '600' });
      expect(settlementOf(state([watched(), detected('600', 3), detected('400', 1, onTime, '0xt2')]))).toMatchObject({ state: 'detected', amountDueUnits: '0' });
      expect(settlementOf(state([watched(), detected('1500', 3)]))).toMatchObject({ state: 'overpaid', overpaidUnits: '500' });
      expect(chainPaysNow(state([watched(), detected('1500', 3)]))).toBe(true);
    });

    it('derives late when the first transfer was seen after the quote expired, which the chain alone never settles', () => {
      const late = state([watched(), detected('1000', 3, tooLate)]);
      expect(settlementOf(late).state).toBe('late');
      expect(chainPaysNow(late)).toBe(false);
    });

    it('drops a transfer that left the chain and undoes a confirmation the chain gave', () => {
      payment.given([watched(), detected('1000', 3), chainConfirmed()]).when(observe(onTime)).then([
        dropped(),
        { type: 'PaymentConfirmationUndone', version: 1, data: { ...ids, reason: 'The transfers that paid it left the chain (a reorganisation); waiting for them again' } },
      ]);
      expect(state([watched(), detected('1000', 3), chainConfirmed(), dropped()]).status).toBe('confirmed');
    });

    it('keeps an administrator\'s confirmation when transfers move', () => {
      payment.given([watched(), detected('1000', 3), confirmed('0xt1')]).when(observe(onTime)).then([dropped()]);
    });

    it('sees a dropped transfer again when it is re-mined', () => {
      payment.given([watched(), detected('1000', 3), dropped()]).when(observe(tooLate, seen('1000', 1))).then([detected('1000', 1, tooLate)]);
      // It keeps its first sighting, so a re-mined on-time payment is not late.
      expect(settlementOf(state([watched(), detected('1000', 3), dropped(), detected('1000', 3, tooLate)])).state).toBe('confirmed');
    });

    it('keeps a quote that has money on its way open when another coin is chosen', () => {
      payment.given([watched(), detected('1000', 1)]).when(close).thenNothing();
    });

    it('accepts an underpayment only when the chain shows one', () => {
      const accept: PaymentCommand = { kind: 'acceptUnderpayment', note: 'Fee taken by the exchange', decidedBy: 'admin:ada' };
      payment.given([watched(), detected('600', 3)]).when(accept).then([
        { type: 'PaymentUnderpaymentAccepted', version: 1, data: { ...ids, receivedUnits: '600', dueUnits: '1000', note: 'Fee taken by the exchange', decidedBy: 'admin:ada' } },
      ]);
      payment.given([watched(), detected('600', 1)]).when(accept).thenThrows(ConflictError, 'Payment 41 is not underpaid (it is detected)');
      payment.given([watched()]).when(accept).thenThrows(ConflictError, 'Payment 41 is not underpaid (it is awaiting)');
    });

    it('marks a payment paid with the reason, but not a confirmed or failed one', () => {
      const markPaid: PaymentCommand = { kind: 'markPaid', reason: 'Late by two minutes', transactionHash: '0xt1', decidedBy: 'admin:ada' };
      payment.given([watched(), detected('1000', 3, tooLate)]).when(markPaid).then([{ type: 'PaymentMarkedPaid', version: 1, data: { ...ids, reason: 'Late by two minutes', transactionHash: '0xt1', decidedBy: 'admin:ada' } }]);
      payment.given([watched(), chainConfirmed()]).when(markPaid).thenThrows(ConflictError, 'Payment 41 is already confirmed');
      payment.given([watched(), failed()]).when(markPaid).thenThrows(ConflictError, 'Payment 41 has failed');
    });

    it('notes a refund of money received: a confirmed payment, or transfers the chain shows', () => {
      const noteRefund: PaymentCommand = { kind: 'noteRefund', note: 'Refunded the excess', transactionHash: null, decidedBy: 'admin:ada' };
      const noted: PaymentEvent = { type: 'PaymentRefundNoted', version: 1, data: { ...ids, note: 'Refunded the excess', transactionHash: null, decidedBy: 'admin:ada' } };
      payment.given([watched(), chainConfirmed()]).when(noteRefund).then([noted]);
      payment.given([watched(), detected('400', 3, tooLate)]).when(noteRefund).then([noted]);
    });

    it('refuses a refund note on a payment that received nothing', () => {
      const noteRefund: PaymentCommand = { kind: 'noteRefund', note: 'Refunded', transactionHash: null, decidedBy: 'admin:ada' };
      payment.given([watched()]).when(noteRefund).thenThrows(ConflictError, 'Nothing was received for payment 41, so there is nothing to refund');
      payment.given([watched(), failed()]).when(noteRefund).thenThrows(ConflictError);
    });
  });
});
