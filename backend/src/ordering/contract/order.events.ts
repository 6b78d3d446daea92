import { DomainEvent } from '../../shared/contract/domain-event';
import { AustralianState, OrderStatus, PaymentMethod, PaymentStatus, ShippingMethod } from './checkout-rules';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: AustralianState;
  postalCode: string;
  country: 'Australia';
}

/** A line as the server priced it at the moment of the order; amounts are decimal strings in AUD. */
export interface OrderLine {
  productId: number;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

export interface OrderTotals {
  subtotal: string;
  discountPercentage: number;
  discountAmount: string;
  shippingCost: string;
  totalAmount: string;
}

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    orderId: number;
    customerId: string | null;
    customerEmail: string;
    lines: OrderLine[];
    totals: OrderTotals;
    referralCode: string | null;
    shippingMethod: ShippingMethod;
    paymentMethod: PaymentMethod;
    shippingAddress: ShippingAddress;
    deliveryInstructions: string | null;
    status: OrderStatus;
    paymentStatus: PaymentStatus;
  }
>;
export type OrderPaymentConfirmed = DomainEvent<'OrderPaymentConfirmed', { orderId: number; paymentId: number; transactionHash: string; statusAfter: OrderStatus }>;
export type OrderPaymentFailed = DomainEvent<'OrderPaymentFailed', { orderId: number; paymentId: number; reason: string }>;
export type OrderStatusChanged = DomainEvent<'OrderStatusChanged', { orderId: number; from: OrderStatus; to: OrderStatus }>;
export type OrderShipped = DomainEvent<'OrderShipped', { orderId: number; from: OrderStatus; trackingNumber: string; carrier: string; adminNotes: string | null }>;
export type OrderCancelled = DomainEvent<'OrderCancelled', { orderId: number; from: OrderStatus; reason: string }>;

export type OrderEvent = OrderPlaced | OrderPaymentConfirmed | OrderPaymentFailed | OrderStatusChanged | OrderShipped | OrderCancelled;

export const orderStream = (orderId: number) => `order-${orderId}`;
