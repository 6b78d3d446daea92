import { Inject, Injectable } from '@nestjs/common';
import { CryptoPaymentMethod, PROMPTPAY, PROMPTPAY_NOT_OFFERED } from '../ordering/contract/checkout-rules';
import { ConflictError } from '../shared/errors';
import { CommandContext } from '../shared/event-sourcing/command-context';
import { IdAllocator } from '../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../shared/event-sourcing/stream-executor';
import { AddressDerivation, ReceivingAddressClaimed, receivingAddressStream } from './contract/payment.events';
import { ADDRESS_FAMILY, deriveAddress } from './domain/hd-addresses';
import { PAYMENTS_CONFIG, PaymentsConfig } from './payments-config';
import { WALLET_ADDRESSES, WalletAddresses } from './wallets';

export interface ReceivingAddress {
  address: string;
  /** Null for a fixed address. */
  derivation: AddressDerivation | null;
}


/**
 * The address a new payment is paid to: the next unused one of the merchant's account key when
 * one is configured for the method's family, else the fixed address of the method; for PromptPay, the
 * shop's PromptPay id (PROMPTPAY_ID), refused when the shop does not offer PromptPay.
 *
 * An index is handed out by creating its own stream, `address-<family>-<key fingerprint>-<index>`,
 * which must not exist yet (the IdAllocator's claim, as for order and payment ids): two instances,
 * or a restart with a read store that forgot the counter, can never hand out one index twice,
 * because the event store refuses the second creation. The claim is made before the payment
 * exists, so a crash between the two leaves an index unused (skipped), never shared. A new key
 * (another fingerprint) starts again at index 0, as the merchant's wallet expects.
 */
@Injectable()
export class ReceivingAddresses {
  constructor(
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(WALLET_ADDRESSES) private readonly wallets: WalletAddresses,
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
  ) {}

  async claimNext(method: CryptoPaymentMethod, context: CommandContext): Promise<ReceivingAddress> {
    if (method === PROMPTPAY) {
      if (this.wallets.promptpay === null) throw new ConflictError(PROMPTPAY_NOT_OFFERED);
      return { address: this.wallets.promptpay, derivation: null };
    }
    const family = ADDRESS_FAMILY[method];
    const account = this.config.accounts[family];
    if (!account) return { address: this.wallets[method], derivation: null };
    // The allocator counts from 1; addresses from index 0.
    const streamOf = (id: number) => receivingAddressStream(family, account.fingerprint, id - 1);
    return this.ids.claim(`address-${family}-${account.fingerprint}`, streamOf, async (id) => {
      const { address, derivation } = deriveAddress(account, id - 1);
      const claimed: ReceivingAddressClaimed = { type: 'ReceivingAddressClaimed', version: 1, data: { family, ...derivation, address } };
      await this.streams.start(streamOf(id), [claimed], context);
      return { address, derivation };
    });
  }
}
