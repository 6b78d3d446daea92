import { Injectable } from '@nestjs/common';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';

/** In this process one settlement of a payment runs at a time, so confirming and failing it never interleave their steps. */
@Injectable()
export class SettlementTurns {
  private readonly runs = new KeyedQueue();

  async oneAtATime<T>(paymentId: number, settle: () => Promise<T>): Promise<T> {
    const done = await this.runs.enter(String(paymentId));
    try {
      return await settle();
    } finally {
      done();
    }
  }
}
