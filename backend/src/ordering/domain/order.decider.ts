import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { isCryptoPaymentMethod, OrderStatus, PaymentStatus } from '../contract/checkout-rules';
import { OrderEvent, OrderLine, OrderPlaced } from '../contract/order.events';

export interface OrderState {
  orderId: number | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string | null;
  totalAmount: string;
  lines: OrderLine[];
}

export type PlaceOrder = { kind: 'place' } & Omit<OrderPlaced['data'], 'status' | 'paymentStatus'>;

export type OrderCommand =
  | PlaceOrder
  | { kind: 'confirmPayment'; paymentId: number; transactionHash: string }
  | { kind: 'failPayment'; paymentId: number; reason: string }
  | { kind: 'changeStatus'; status: OrderStatus; reason: string }
  | { kind: 'ship'; trackingNumber: string; carrier: string; adminNotes: string | null };

const FINAL: OrderStatus[] = ['delivered', 'cancelled'];

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: { orderId: null, status: 'pending', paymentStatus: 'pending', paymentMethod: null, totalAmount: '0.00', lines: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return {
          orderId: event.data.orderId,
          status: event.data.status,
          paymentStatus: event.data.paymentStatus,
          paymentMethod: event.data.paymentMethod,
          totalAmount: event.data.totals.totalAmount,
          lines: event.data.lines,
        };
      case 'OrderPaymentConfirmed':
        return { ...state, paymentStatus: 'confirmed', status: event.data.statusAfter };
      case 'OrderPaymentFailed':
        return { ...state, paymentStatus: 'failed' };
      case 'OrderStatusChanged':
        return { ...state, status: event.data.to };
      case 'OrderShipped':
        return { ...state, status: 'shipped' };
      case 'OrderCancelled':
        return { ...state, status: 'cancelled' };
    }
  },

  decide(command, state) {
    if (command.kind === 'place') {
      if (state.orderId !== null) throw new ConflictError(`Order ${command.orderId} already exists`);
      const { kind: _kind, ...data } = command;
      // The server owns every status: cash on delivery is paid at the door, crypto once the transfer is confirmed.
      const paymentStatus: PaymentStatus = isCryptoPaymentMethod(data.paymentMethod) ? 'pending' : 'confirmed';
      return [{ type: 'OrderPlaced', version: 1, data: { ...data, status: 'pending', paymentStatus } }];
    }
    if (state.orderId === null) throw new NotFoundError('Order not found');
    const orderId = state.orderId;

    switch (command.kind) {
      case 'confirmPayment': {
        if (state.paymentStatus === 'confirmed') return [];
        if (state.status === 'cancelled') throw new ConflictError(`Order ${orderId} is cancelled; its payment cannot be confirmed`);
        const statusAfter: OrderStatus = state.status === 'pending' ? 'processing' : state.status;
        return [{ type: 'OrderPaymentConfirmed', version: 1, data: { orderId, paymentId: command.paymentId, transactionHash: command.transactionHash, statusAfter } }];
      }
      case 'failPayment':
        if (state.paymentStatus !== 'pending') return [];
        return [{ type: 'OrderPaymentFailed', version: 1, data: { orderId, paymentId: command.paymentId, reason: command.reason } }];
      case 'changeStatus': {
        if (command.status === state.status) return [];
        if (FINAL.includes(state.status)) throw new ConflictError(`Order ${orderId} is ${state.status}; its status can no longer change`);
        if (command.status === 'cancelled') return [{ type: 'OrderCancelled', version: 1, data: { orderId, from: state.status, reason: command.reason } }];
        return [{ type: 'OrderStatusChanged', version: 1, data: { orderId, from: state.status, to: command.status } }];
      }
      case 'ship':
        if (state.status !== 'pending' && state.status !== 'processing') {
          throw new ConflictError(`Only pending or processing orders can be shipped; order ${orderId} is ${state.status}`);
        }
        return [{ type: 'OrderShipped', version: 1, data: { orderId, from: state.status, trackingNumber: command.trackingNumber, carrier: command.carrier, adminNotes: command.adminNotes } }];
    }
  },
};
