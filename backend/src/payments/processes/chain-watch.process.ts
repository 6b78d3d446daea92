import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { CommandBus } from '@nestjs/cqrs';
import { PaymentQueries, WatchedPayment } from '../../../../projections/payments/payment.queries';
import { CHAIN_PAYMENT_METHOD_IDS, ChainPaymentMethod } from '../../ordering/contract/checkout-rules';
import { ConflictError } from '../../shared/errors';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { CHAIN_WATCHERS, ChainNetwork, ChainWatcher, NETWORK_OF, ObservedTransfer, WatchedAddress } from '../chain/chain-watcher.port';
import { ObservePaymentTransfers } from '../commands/observe-payment-transfers.command';
import { Erc20Method } from '../domain/payment-uri';
import { PAYMENTS_CLOCK, PaymentsClock } from '../payments-clock';
import { PAYMENTS_CONFIG, PaymentsConfig } from '../payments-config';

/** Errors double the wait between polls of a network, up to this. */
const MAX_BACK_OFF_MS = 5 * 60_000;

export interface PollOutcome {
  watched: number;
  /** Payments this poll confirmed. */
  confirmed: number[];
}

/**
 * The chain watch: every CHAIN_POLL_SECONDS, each configured network's watcher is asked what pays the
 * addresses of its open payments (the read model's, rebuilt from the streams), and each payment records
 * the differences on its stream; a payment the chain has paid is confirmed through the settlement.
 * Nothing is kept in memory between polls, so a restart resumes from the streams. One instance polls,
 * the one holding the lease `chain-watch` (another takes over when it dies); were two to poll at once,
 * every append names the revision it decided on, and a repeat decides nothing.
 * A failing node is asked again later and later (doubling, up to 5 minutes), then at the normal pace once it answers.
 */
const CHAIN_WATCH_LEASE = 'chain-watch';

@Injectable()
export class ChainWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChainWatch');
  private readonly timers = new Map<ChainNetwork, NodeJS.Timeout>();
  private readonly running = new Map<ChainNetwork, Promise<PollOutcome>>();
  private stopped = false;
  /** Payments whose confirmation the order refused (cancelled, paid by another payment): reported once, left to an administrator. */
  private readonly refused = new Set<number>();

  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentQueries,
    @Inject(CHAIN_WATCHERS) private readonly watchers: ChainWatcher[],
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    @Inject(PAYMENTS_CLOCK) private readonly clock: PaymentsClock,
    private readonly leases: LeaseKeeper,
  ) {}

  onApplicationBootstrap(): void {
    if (this.watchers.length > 0) this.leases.register({ name: CHAIN_WATCH_LEASE });
    for (const watcher of this.watchers) this.schedule(watcher, 0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    await Promise.all([...this.running.values()].map((poll) => poll.catch(() => undefined)));
  }

  /** One poll of a network now; waits for a poll already running rather than overlapping it. */
  async poll(network: ChainNetwork): Promise<PollOutcome> {
    const watcher = this.watchers.find((candidate) => candidate.network === network);
    if (!watcher) throw new Error(`No chain watcher is configured for ${network}`);
    while (this.running.has(network)) await this.running.get(network)!.catch(() => undefined);
    const poll = this.pollWith(watcher);
    this.running.set(network, poll);
    try {
      return await poll;
    } finally {
      this.running.delete(network);
    }
  }

  private schedule(watcher: ChainWatcher, delayMs: number): void {
    if (this.stopped) return;
    const normal = this.config.chain.pollSeconds * 1000;
    const timer = setTimeout(async () => {
      let next = normal;
      try {
        if (this.leases.holds(CHAIN_WATCH_LEASE)) await this.poll(watcher.network);
      } catch (error) {
        next = Math.min(Math.max(delayMs, normal) * 2, MAX_BACK_OFF_MS);
        this.logger.warn(`Watching ${watcher.network} failed (${(error as Error).message}); asking again in ${Math.round(next / 1000)} s`);
      }
      this.schedule(watcher, next);
    }, delayMs);
    timer.unref();
    this.timers.set(watcher.network, timer);
  }

  private async pollWith(watcher: ChainWatcher): Promise<PollOutcome> {
    const methods = CHAIN_PAYMENT_METHOD_IDS.filter((method) => NETWORK_OF[method] === watcher.network);
    const now = new Date(this.clock.now());
    const open = await this.payments.watched(methods, this.config.chain.graceMinutes * 60_000, now);
    if (open.length === 0) return { watched: 0, confirmed: [] };
    const transfers = await watcher.transfersTo(open.map((payment) => this.addressOf(payment)));
    const byAddress = new Map<string, ObservedTransfer[]>();
    for (const transfer of transfers) byAddress.set(transfer.address, [...(byAddress.get(transfer.address) ?? []), transfer]);
    const confirmed: number[] = [];
    for (const payment of open) {
      const seen = (byAddress.get(payment.walletAddress) ?? []).map(({ transferId, transactionHash, amountUnits, blockHeight, blockHash, confirmations }) => ({ transferId, transactionHash, amountUnits, blockHeight, blockHash, confirmations }));
      try {
        const outcome = await this.commands.execute(new ObservePaymentTransfers(payment.id, seen, now, systemContext()));
        if (outcome.confirmed) confirmed.push(payment.id);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        if (!this.refused.has(payment.id)) this.logger.warn(`Payment ${payment.id} is paid on the chain but could not be confirmed: ${error.message}; an administrator decides`);
        this.refused.add(payment.id);
      }
    }
    return { watched: open.length, confirmed };
  }

  private addressOf(payment: WatchedPayment): WatchedAddress {
    const method = payment.paymentMethod as ChainPaymentMethod;
    const token = method === 'usdt-erc20' || method === 'usdc' ? { tokenContract: this.config.chain.tokenContracts[method as Erc20Method] } : {};
    return { address: payment.walletAddress, method, ...token, ...(payment.fromHeight !== null && { fromHeight: payment.fromHeight }) };
  }
}
