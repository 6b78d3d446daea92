import { Inject, Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { PaymentQueries } from '../../../../projections/payments/payment.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { ChainPaymentMethod, CRYPTO_PAYMENT_METHODS, CryptoPaymentMethod, isChainPaymentMethod, isCryptoPaymentMethod } from '../../ordering/contract/checkout-rules';
import { ExtendPaymentWindow, OrderForPaymentQuery } from '../../ordering/commands/public';
import { ConflictError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CHAIN_WATCHERS, ChainWatcher, NETWORK_OF } from '../chain/chain-watcher.port';
import { paymentStream } from '../contract/payment.events';
import { quoteCryptoAmount, SMALLEST_UNIT_DECIMALS, toSmallestUnit } from '../domain/crypto-quote';
import { paymentDecider } from '../domain/payment.decider';
import { paymentUri } from '../domain/payment-uri';
import { PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';
import { CRYPTO_RATES, CryptoRates } from '../rates/crypto-rates.port';
import { ReceivingAddresses } from '../receiving-addresses';

export class InitiateCryptoPayment extends Command<{ paymentId: number; position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly method: CryptoPaymentMethod,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Quotes the order's own total in the chosen coin (the client's amounts are never used) at the
 * current rates, and records where to pay and until when: QUOTE_MINUTES (15 by default), and never
 * past the order's payment window, which a quote that would outlast it extends to the quote's end once
 * per order (ExtendPaymentWindow): a shopper whose first quote ran out may ask for a second one. Without fresh rates there is no quote (503), and no address is used up.
 * The address is a new one per payment when the merchant's extended public key is configured.
 * Asking again while a quote for the same coin is still valid returns that quote instead of a second payment.
 * Choosing another coin closes the order's earlier quotes, so only one address is ever payable per order.
 * One initiation per order at a time in this process, and the next one starts only once the read
 * model shows the previous one: a double click cannot make two quotes, nor two coins close each other.
 */
@CommandHandler(InitiateCryptoPayment)
export class InitiateCryptoPaymentHandler implements ICommandHandler<InitiateCryptoPayment> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly ids: IdAllocator,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    private readonly projections: ProjectionRunner,
    @Inject(CRYPTO_RATES) private readonly rates: CryptoRates,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly addresses: ReceivingAddresses,
    @Inject(CHAIN_WATCHERS) private readonly watchers: ChainWatcher[],
  ) {}

  private readonly logger = new Logger('InitiateCryptoPayment');

  private readonly perOrder = new KeyedQueue();

  execute(command: InitiateCryptoPayment) {
    return this.perOrder.run(command.orderId, async () => {
      const started = await this.initiate(command);
      const closed = await this.closeOtherQuotes(command.orderId, started.paymentId, command.method, command.context);
      const position = Math.max(started.position ?? -1, closed ?? -1);
      const result = { paymentId: started.paymentId, position: position < 0 ? null : position };
      await this.projections.waitFor(result.position, ['payments']);
      return result;
    });
  }

  /** Idempotent: a run interrupted between the new quote and the closing of the old ones finishes on the next ask. */
  private async closeOtherQuotes(orderId: number, keep: number, method: CryptoPaymentMethod, context: CommandContext): Promise<number | null> {
    let position: number | null = null;
    const now = new Date().toISOString();
    for (const other of await this.payments.pendingForOrder(orderId)) {
      if (other.id === keep) continue;
      const expired = other.expiresAt <= now;
      const closed = await this.streams.execute(paymentStream(other.id), paymentDecider, { kind: 'close', replacedBy: keep, replacedByMethod: method, expired }, context);
      position = Math.max(position ?? -1, closed.position ?? -1);
    }
    return position;
  }

  /**
   * A payment to its own address on a watched network is confirmed by the chain: the policy is locked with the
   * quote, and the tip's height is where the watcher starts (without it, when the node does not answer, the
   * watcher looks back a fixed number of blocks). A fixed address is shared by every payment, so nothing on
   * the chain says which payment a transfer to it belongs to: those stay with an administrator.
   */
  private async watchFrom(method: ChainPaymentMethod): Promise<{ confirmationsRequired: number; fromHeight?: number } | null> {
    const network = NETWORK_OF[method];
    const watcher = this.watchers.find((candidate) => candidate.network === network);
    if (!watcher) return null;
    const confirmationsRequired = this.config.chain.confirmations[network];
    try {
      return { confirmationsRequired, fromHeight: await watcher.tipHeight() };
    } catch (error) {
      this.logger.warn(`The ${network} node did not give its height for a quote (${(error as Error).message}); the watcher will look back from its tip`);
      return { confirmationsRequired };
    }
  }

  private async initiate({ orderId, method, context }: InitiateCryptoPayment) {
    const order = await this.queries.execute(new OrderForPaymentQuery(orderId));
    if (!isCryptoPaymentMethod(order.paymentMethod)) throw new ConflictError(`Order ${orderId} is paid on delivery, not in crypto`);
    if (order.status === 'cancelled') throw new ConflictError(`Order ${orderId} is cancelled`);
    if (order.paymentStatus === 'confirmed') throw new ConflictError(`Order ${orderId} is already paid`);
    const now = new Date();
    if (order.paymentDueBy !== null && Date.parse(order.paymentDueBy) <= now.getTime()) {
      throw new ConflictError(`The payment window of order ${orderId} has ended; the order is being cancelled`);
    }

    const open = await this.payments.openQuote(orderId, method, now);
    if (open) return { paymentId: open.id, position: null };

    const { coin, decimals } = CRYPTO_PAYMENT_METHODS[method];
    const { usdPerAud, coinPriceUsd, sources } = await this.rates.ratesFor(coin);
    const cryptoAmount = quoteCryptoAmount(order.totalAmount, usdPerAud, coinPriceUsd, decimals);
    const { address: walletAddress, derivation } = await this.addresses.claimNext(method, context);
    const quoteEnds = Date.now() + this.config.quoteMinutes * 60 * 1000;
    // A quote asked near the end of the window (after the first one expired, say) takes the window to its own end, once.
    let paymentDueBy = order.paymentDueBy;
    if (paymentDueBy !== null && Date.parse(paymentDueBy) < quoteEnds) {
      ({ paymentDueBy } = await this.commands.execute(new ExtendPaymentWindow(orderId, new Date(quoteEnds), context, now)));
    }
    const expiresAt = new Date(paymentDueBy === null ? quoteEnds : Math.min(quoteEnds, Date.parse(paymentDueBy))).toISOString();
    const watch = derivation && isChainPaymentMethod(method) ? await this.watchFrom(method) : null;
    return this.ids.claim('payment', paymentStream, async (paymentId) => {
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
          paymentUri: paymentUri(method, walletAddress, cryptoAmount, this.config.chain.tokenContracts),
          expiresAt,
          cryptoAmountUnits: toSmallestUnit(cryptoAmount, SMALLEST_UNIT_DECIMALS[method]),
          ...(derivation && { addressDerivation: derivation }),
          rateSources: sources,
          ...watch,
        },
        paymentDecider.initialState,
      );
      return { paymentId, position: await this.streams.start(paymentStream(paymentId), events, context) };
    });
  }
}
