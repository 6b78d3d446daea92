import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CommandContext } from '../shared/event-sourcing/command-context';
import { SettlePaymentCommand } from './commands/settle-payment.command';

/**
 * The one way a payment gets settled: an administrator's decision today, an on-chain
 * watcher tomorrow. Both call this port, which drives the same command.
 */
@Injectable()
export class PaymentConfirmationPort {
  constructor(private readonly commands: CommandBus) {}

  confirm(paymentId: number, transactionHash: string, source: string, context: CommandContext): Promise<{ position: number | null }> {
    return this.commands.execute(new SettlePaymentCommand(paymentId, { kind: 'confirm', transactionHash, source }, context));
  }

  fail(paymentId: number, reason: string, source: string, context: CommandContext): Promise<{ position: number | null }> {
    return this.commands.execute(new SettlePaymentCommand(paymentId, { kind: 'fail', reason, source }, context));
  }
}
