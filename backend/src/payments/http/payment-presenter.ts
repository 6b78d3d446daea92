import { Inject, Injectable } from '@nestjs/common';
import { CryptoPaymentMethod, isChainPaymentMethod } from '../../ordering/contract/checkout-rules';
import { NETWORK_OF } from '../chain/chain-watcher.port';
import { PaymentRecord, PaymentView } from '../contract/payment.views';
import { fromSmallestUnit, SMALLEST_UNIT_DECIMALS } from '../domain/crypto-quote';
import { paymentUri } from '../domain/payment-uri';
import { PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';

/** States in which the rest of an amount can still be paid to the payment's address. */
const OPEN_FOR_TOP_UP = new Set(['detected', 'underpaid']);

/** Completes a stored payment with what the server's settings decide: amounts in the coin, the remainder's wallet URI, explorer links. */
@Injectable()
export class PaymentPresenter {
  constructor(@Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig) {}

  present(record: PaymentRecord): PaymentView {
    const method = record.paymentMethod as CryptoPaymentMethod;
    const decimals = SMALLEST_UNIT_DECIMALS[method];
    // PromptPay is on no chain: no watcher records transfers to link to an explorer.
    const explorer = isChainPaymentMethod(method) ? this.config.chain.explorers[NETWORK_OF[method]] : null;
    const amountDue = fromSmallestUnit(record.settlement.amountDueUnits, decimals);
    const topUp = record.status === 'pending' && OPEN_FOR_TOP_UP.has(record.settlement.state) && record.settlement.amountDueUnits !== '0';
    return {
      ...record,
      amountDue,
      // The remainder at the quote's locked rate: the same address and coin, only the amount left.
      remainderUri: topUp ? paymentUri(method, record.walletAddress, amountDue, this.config.chain.tokenContracts) : null,
      transfers: explorer === null ? [] : record.transfers.map((transfer) => ({ ...transfer, explorerUrl: `${explorer}${transfer.transactionHash}` })),
    };
  }
}
