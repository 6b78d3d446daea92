import { PaymentStatus } from '../../ordering/contract/checkout-rules';
import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { closedQuoteReason, PaymentEvent, PaymentInitiated } from '../contract/payment.events';

export interface PaymentState {
  paymentId: number | null;
  orderId: number | null;
  status: PaymentStatus;
  transactionHash: string | null;
  failureReason: string | null;
}

export type PaymentCommand =
  | ({ kind: 'initiate' } & PaymentInitiated['data'])
  | { kind: 'confirm'; transactionHash: string; source: string }
  | { kind: 'fail'; reason: string; source: string }
  | { kind: 'close'; replacedBy: number; replacedByMethod: PaymentInitiated['data']['method']; expired: boolean };

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: { paymentId: null, orderId: null, status: 'pending', transactionHash: null, failureReason: null },

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentInitiated':
        return { paymentId: event.data.paymentId, orderId: event.data.orderId, status: 'pending', transactionHash: null, failureReason: null };
      case 'PaymentConfirmed':
        return { ...state, status: 'confirmed', transactionHash: event.data.transactionHash };
      case 'PaymentFailed':
        return { ...state, status: 'failed', failureReason: event.data.reason };
      case 'PaymentQuoteClosed':
        return { ...state, status: 'failed', failureReason: closedQuoteReason(event.data.replacedByMethod, event.data.replacedBy, event.data.expired) };
    }
  },

  decide(command, state) {
    if (command.kind === 'initiate') {
      if (state.paymentId !== null) throw new ConflictError(`Payment ${command.paymentId} already exists`);
      const { kind: _kind, ...data } = command;
      return [{ type: 'PaymentInitiated', version: 1, data }];
    }
    if (state.paymentId === null || state.orderId === null) throw new NotFoundError('Payment not found');
    const { paymentId, orderId } = state;
    switch (command.kind) {
      case 'confirm':
        if (state.status === 'confirmed') {
          if (state.transactionHash === command.transactionHash) return [];
          throw new ConflictError(`Payment ${paymentId} is already confirmed with another transaction`);
        }
        if (state.status === 'failed') throw new ConflictError(`Payment ${paymentId} has failed; start a new payment for the order`);
        return [{ type: 'PaymentConfirmed', version: 1, data: { paymentId, orderId, transactionHash: command.transactionHash, source: command.source } }];
      case 'close':
        // Only a quote still waiting for its transfer closes; a paid or failed one keeps its outcome.
        if (state.status !== 'pending') return [];
        return [{ type: 'PaymentQuoteClosed', version: 1, data: { paymentId, orderId, replacedBy: command.replacedBy, replacedByMethod: command.replacedByMethod, expired: command.expired } }];
      case 'fail':
        if (state.status === 'failed') return [];
        if (state.status === 'confirmed') throw new ConflictError(`Payment ${paymentId} is already confirmed`);
        return [{ type: 'PaymentFailed', version: 1, data: { paymentId, orderId, reason: command.reason, source: command.source } }];
    }
  },
};

