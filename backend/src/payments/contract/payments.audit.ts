import { storeTime } from '../../shared/contract/store-time';
import { closedQuoteReason, PaymentEvent, TransferPlacement } from './payment.events';

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
    case 'PaymentTransferDetected':
      return `Transfer seen: ${event.data.amountUnits} smallest units in transaction ${event.data.transactionHash}, ${placement(event.data)}`;
    case 'PaymentTransferConfirmationsChanged':
      return `Transfer ${event.data.transferId} now ${placement(event.data)}`;
    case 'PaymentTransferDropped':
      return `Transfer ${event.data.transferId} left the chain and no longer counts`;
    case 'PaymentConfirmationUndone':
      return `Confirmation undone: ${event.data.reason}`;
    case 'PaymentUnderpaymentAccepted':
      return `Underpayment accepted by ${event.data.decidedBy}: ${event.data.receivedUnits} of ${event.data.dueUnits} smallest units received (${event.data.note})`;
    case 'PaymentMarkedPaid':
      return `Marked paid by ${event.data.decidedBy}, transaction ${event.data.transactionHash}: ${event.data.reason}`;
    case 'PaymentRefundNoted':
      return `Refund noted by ${event.data.decidedBy}${event.data.transactionHash ? `, transaction ${event.data.transactionHash}` : ''}: ${event.data.note}`;
  }
}

function placement({ blockHeight, confirmations }: TransferPlacement): string {
  return blockHeight === null ? 'in the mempool' : `in block ${blockHeight} with ${confirmations} confirmation${confirmations === 1 ? '' : 's'}`;
}
