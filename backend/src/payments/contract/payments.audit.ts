import { storeTime } from '../../shared/contract/store-time';
import { closedQuoteReason, PaymentEvent } from './payment.events';

/** Payment events as the audit trail tells them to a person. */
export function describePaymentEvent(event: PaymentEvent): string {
  switch (event.type) {
    case 'PaymentInitiated': {
      const { data } = event;
      // Events recorded before derived addresses and live rates have neither detail.
      const derivation = data.addressDerivation ? ` (derived at ${data.addressDerivation.path} of key ${data.addressDerivation.xpubFingerprint})` : '';
      const sources = data.rateSources ? `, rates from ${data.rateSources.join(', ')}` : '';
      return `Payment started for order #${data.orderId}: ${data.cryptoAmount} ${data.coin} (A$${data.amountAud} at ${data.coinPriceUsd} USD/${data.coin}${sources}) to ${data.walletAddress}${derivation}, quote valid until ${storeTime(data.expiresAt)}`;
    }
    case 'PaymentConfirmed':
      return `Confirmed by ${event.data.source}, transaction ${event.data.transactionHash}`;
    case 'PaymentFailed':
      return `Failed (${event.data.source}): ${event.data.reason}`;
    case 'PaymentQuoteClosed':
      return closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy, event.data.expired);
  }
}
