import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { OrderForPaymentQuery } from '../../ordering/commands/public';
import { ConflictError, InvalidInputError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { paymentStream } from '../contract/payment.events';
import { latestTransferHash, paymentDecider } from '../domain/payment.decider';
import { ConfirmPayment } from './confirm-payment.command';

/** Why an administrator settles a payment the chain did not: the rest of an underpayment is waived, or the payment is paid for a stated reason (a late payment, paid elsewhere). */
export type AdminSettlement = { kind: 'acceptUnderpayment'; note: string } | { kind: 'markPaid'; reason: string; transactionHash: string | null };

export class SettleByAdminDecision extends Command<{ position: number | null }> {
  constructor(
    readonly paymentId: number,
    readonly decision: AdminSettlement,
    /** `admin:<e-mail>` */
    readonly decidedBy: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Records the administrator's decision on the payment, then confirms it through the settlement (the order
 * becomes paid), naming the transfer the chain showed unless another is given. Both sides are asked
 * first without writing (the payment's rules, then the order is neither cancelled nor paid by another
 * payment), so a refusal leaves no decision behind; sending the command again finishes an interrupted run.
 */
@CommandHandler(SettleByAdminDecision)
export class SettleByAdminDecisionHandler implements ICommandHandler<SettleByAdminDecision> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute({ paymentId, decision, decidedBy, context }: SettleByAdminDecision) {
    const { state } = await this.streams.load(paymentStream(paymentId), paymentDecider);
    // An underpayment names the transfers it accepts; a payment marked paid, the one given or the last seen.
    const transactionHash = (decision.kind === 'markPaid' ? decision.transactionHash : null) ?? latestTransferHash(state);
    const command =
      decision.kind === 'acceptUnderpayment'
        ? { kind: 'acceptUnderpayment' as const, note: decision.note, decidedBy }
        : { kind: 'markPaid' as const, reason: decision.reason, transactionHash: transactionHash ?? '', decidedBy };
    const decided = paymentDecider.decide(command, state);
    if (transactionHash === null) throw new InvalidInputError('transactionHash is required: no transfer to this payment was seen on the chain');
    paymentDecider.decide({ kind: 'confirm', transactionHash, source: decidedBy }, decided.reduce(paymentDecider.evolve, state));
    const order = await this.queries.execute(new OrderForPaymentQuery(state.orderId!));
    if (order.status === 'cancelled') throw new ConflictError(`Order ${order.orderId} is cancelled; its payment cannot be confirmed`);
    if (order.paymentStatus === 'confirmed') throw new ConflictError(`Order ${order.orderId} is already paid`);
    const recorded = await this.streams.execute(paymentStream(paymentId), paymentDecider, command, context);
    const confirmed = await this.commands.execute(new ConfirmPayment(paymentId, transactionHash, decidedBy, context));
    return { position: confirmed.position ?? recorded.position };
  }
}
