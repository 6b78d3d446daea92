import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { PaymentEvent, PaymentInitiated } from '../contract/payment.events';
import { PaymentCommand, paymentDecider } from './payment.decider';

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
});
