import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CHAIN_WATCHER_SOURCE, paymentStream } from '../contract/payment.events';
import { chainPaysNow, latestTransferHash, paymentDecider, SeenTransfer } from '../domain/payment.decider';
import { ConfirmPayment } from './confirm-payment.command';

/** What a chain watcher sees paying a payment's address now; `confirmed`: this observation settled the payment. */
export class ObservePaymentTransfers extends Command<{ position: number | null; confirmed: boolean }> {
  constructor(
    readonly paymentId: number,
    readonly transfers: SeenTransfer[],
    readonly now: Date,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Records the differences between the payment's stream and the chain (nothing when they agree), then,
 * when the chain alone has paid it (on time, deep enough, the whole amount), confirms it through the
 * settlement, which moves the order to paid. A confirmation interrupted after the observation is
 * finished by the next poll, which finds the same state; a second instance decides nothing twice.
 */
@CommandHandler(ObservePaymentTransfers)
export class ObservePaymentTransfersHandler implements ICommandHandler<ObservePaymentTransfers> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ paymentId, transfers, now, context }: ObservePaymentTransfers) {
    const observed = await this.streams.execute(paymentStream(paymentId), paymentDecider, { kind: 'observe', transfers, now: now.toISOString() }, context);
    const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
    if (!chainPaysNow(state)) return { position: observed.position, confirmed: false };
    const { position } = await this.commands.execute(new ConfirmPayment(paymentId, latestTransferHash(state)!, CHAIN_WATCHER_SOURCE, context));
    return { position: position ?? observed.position, confirmed: true };
  }
}
