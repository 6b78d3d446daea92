import { storeTime } from '../../shared/contract/store-time';
import { closedQuoteReason, PaymentEvent } from './payment.events';

/** Payment events as the audit trail tells them to a person. */
export function describePaymentEvent(event: PaymentEvent): string {
  switch (event.type) {
    case 'PaymentInitiated':
      return `Payment started for order #${event.data.orderId}: ${event.data.cryptoAmount} ${event.data.coin} (A$${event.data.amountAud} at ${event.data.coinPriceUsd} USD/${event.data.coin}) to ${event.data.walletAddress}, quote valid until ${storeTime(event.data.expiresAt)}`;
    case 'PaymentConfirmed':
      return `Confirmed by ${event.data.source}, transaction ${event.data.transactionHash}`;
    case 'PaymentFailed':
      return `Failed (${event.data.source}): ${event.data.reason}`;
    case 'PaymentQuoteClosed':
      return closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy);
  }
}
