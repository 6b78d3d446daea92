import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OpenProcessQueries } from '../../../../projections/ordering/open-process.queries';
import { systemContext } from '../../shared/event-sourcing/command-context';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { ConfirmPayment } from '../commands/confirm-payment.command';
import { FailPayment } from '../commands/fail-payment.command';

const SWEEP_INTERVAL_MS = 15_000;
const INTERRUPTED_AFTER_MS = 10_000;

/**
 * Keeps settlements whole: a settlement that a crash left with only one side recorded (the order's or
 * the payment's) is finished by sending its command again, at start-up and then every 15 s.
 */
@Injectable()
export class SettlementSupervisor extends SweepingService<[number], number> {
  private readonly logger = new Logger('SettlementSupervisor');

  constructor(
    private readonly commands: CommandBus,
    private readonly openProcesses: OpenProcessQueries,
    leases: LeaseKeeper,
  ) {
    super('SettlementSupervisor', SWEEP_INTERVAL_MS, leases, () => [INTERRUPTED_AFTER_MS]);
  }

  /** Resolves with how many settlements it finished; waits for a sweep already running. */
  sweep(interruptedAfterMs = 0): Promise<number> {
    return this.runSweep(interruptedAfterMs);
  }

  protected async sweepOnce(interruptedAfterMs: number): Promise<number> {
    let finished = 0;
    for (const open of await this.openProcesses.interrupted(['settlement'], new Date(Date.now() - interruptedAfterMs))) {
      const source = open.source ?? 'settlement finished after an interruption';
      try {
        if (open.outcome === 'confirmed') await this.commands.execute(new ConfirmPayment(open.paymentId!, open.transactionHash!, source, systemContext()));
        else await this.commands.execute(new FailPayment(open.paymentId!, open.reason ?? 'Payment failed', source, systemContext()));
        finished += 1;
      } catch (error) {
        this.logger.error(`Could not finish the settlement of payment ${open.paymentId}; trying again on the next sweep`, (error as Error).stack);
      }
    }
    if (finished > 0) this.logger.log(`Finished ${finished} interrupted settlement(s)`);
    return finished;
  }
}
