import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PAYMENTS_COLLECTION, PaymentDocument } from '../../../../projections/payments/payments.projector';
import { orderDecider } from '../../ordering/domain/order.decider';
import { orderStream } from '../../ordering/contract/order.events';
import { CRYPTO_PAYMENT_METHODS, CryptoPaymentMethod, isCryptoPaymentMethod } from '../../ordering/contract/checkout-rules';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { quoteCryptoAmount } from '../domain/crypto-quote';
import { paymentDecider } from '../domain/payment.decider';
import { paymentUri } from '../domain/payment-uri';
import { paymentStream } from '../contract/payment.events';
import { CRYPTO_RATES, CryptoRates } from '../rates/crypto-rates.port';
import { WALLET_ADDRESSES, WalletAddresses } from '../wallets';

export const QUOTE_VALIDITY_MS = 30 * 60 * 1000;

export class InitiateCryptoPaymentCommand {
  constructor(
    readonly orderId: number,
    readonly method: CryptoPaymentMethod,
    readonly context: CommandContext,
  ) {}
}

/**
 * Quotes the order's own total in the chosen coin (the client's amounts are never used)
 * and records where to pay and until when. Asking again while a quote for the same
 * coin is still valid returns that quote instead of a second payment.
 */
@CommandHandler(InitiateCryptoPaymentCommand)
export class InitiateCryptoPaymentHandler implements ICommandHandler<InitiateCryptoPaymentCommand, { paymentId: number; position: number | null }> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly ids: IdAllocator,
    @Inject(CRYPTO_RATES) private readonly rates: CryptoRates,
    @Inject(WALLET_ADDRESSES) private readonly wallets: WalletAddresses,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ orderId, method, context }: InitiateCryptoPaymentCommand) {
    const { state: order } = await this.streams.load(orderStream(orderId), orderDecider);
    if (order.orderId === null) throw new NotFoundError('Order not found');
    if (!order.paymentMethod || !isCryptoPaymentMethod(order.paymentMethod)) throw new ConflictError(`Order ${orderId} is paid on delivery, not in crypto`);
    if (order.status === 'cancelled') throw new ConflictError(`Order ${orderId} is cancelled`);
    if (order.paymentStatus === 'confirmed') throw new ConflictError(`Order ${orderId} is already paid`);

    const open = await this.readStore
      .collection<PaymentDocument>(PAYMENTS_COLLECTION)
      .findOne({ orderId, paymentMethod: method, status: 'pending', expiresAt: { $gt: new Date().toISOString() } });
    if (open) return { paymentId: open.id, position: null };

    const { coin, decimals } = CRYPTO_PAYMENT_METHODS[method];
    const [usdPerAud, coinPriceUsd] = await Promise.all([this.rates.usdPerAud(), this.rates.coinPriceUsd(coin)]);
    const cryptoAmount = quoteCryptoAmount(order.totalAmount, usdPerAud, coinPriceUsd, decimals);
    const walletAddress = this.wallets[method];
    return this.ids.claim('payment', async (paymentId) => {
      const events = paymentDecider.decide(
        {
          kind: 'initiate',
          paymentId,
          orderId,
          method,
          coin,
          walletAddress,
          amountAud: order.totalAmount,
          cryptoAmount,
          usdPerAud,
          coinPriceUsd,
          paymentUri: paymentUri(method, walletAddress, cryptoAmount),
          expiresAt: new Date(Date.now() + QUOTE_VALIDITY_MS).toISOString(),
        },
        paymentDecider.initialState,
      );
      return { paymentId, position: await this.streams.start(paymentStream(paymentId), events, context) };
    });
  }
}
