import { formatCents, parseCents } from '../../shared/money';
import { gstIncludedCents } from './gst';
import { CRYPTO_PAYMENT_METHODS, isCryptoPaymentMethod, SHIPPING_METHODS } from './checkout-rules';
import type { OrderDetails, OrderStreamEvent } from './order.events';

/**
 * Issue 22: who issues the shop's invoices. `abn` is null only for a shop not registered for GST, which issues
 * plain receipts (GST_REGISTERED=false); a registered shop must have one (config.ts checks it).
 */
export interface BusinessIdentity {
  name: string;
  abn: string | null;
  gstRegistered: boolean;
}

/** The ATO's published example ABN: the demo's default outside production (README, Configuration). */
export const DEMO_ABN = '51 824 753 556';

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** An ABN's 11 digits pass the ATO's check: subtract 1 from the first digit, weight each, the sum divides by 89. */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits) || digits[0] === '0') return false;
  const sum = [...digits].reduce((total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index], 0);
  return sum % 89 === 0;
}

/** An ABN as printed: 51 824 753 556. */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s+/g, '');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: string;
  amount: string;
}

/**
 * What a tax invoice (or, for a shop not registered for GST, a receipt) says, before it is laid out: the ATO's
 * items for a tax invoice (the words "Tax invoice", the seller's identity and ABN, the date of issue, what was sold,
 * quantity and price, the GST, and the buyer's identity), in A$ with the GST included in the prices.
 */
export interface InvoiceDocument {
  title: 'Tax invoice' | 'Receipt';
  number: string;
  issuedAt: string;
  orderId: number;
  seller: { name: string; abn: string | null };
  buyer: { name: string; email: string; address: string[] };
  lines: InvoiceLine[];
  subtotal: string;
  discount: { label: string; amount: string } | null;
  shipping: { label: string; amount: string };
  total: string;
  /** Null on a receipt: a shop not registered for GST charges none. */
  gstIncluded: string | null;
  payment: string;
  refunded: string | null;
}

/** The invoice number of an order: one per paid order, never reused. */
export const invoiceNumber = (orderId: number) => `INV-${String(orderId).padStart(6, '0')}`;

/** What an invoice is made of, read from the order's own events (never from a read model that may lag). */
export interface InvoiceSource {
  details: OrderDetails;
  /** The method the money came in (the coin paid with, or cash on delivery). */
  paidWith: string;
  transactionHash: string | null;
  /** When the payment was received: the invoice's date of issue. */
  paidAt: string;
  refundedTotal: string | null;
}

/**
 * Folds an order's events (each with when it was recorded) into what its invoice says; null while the order has
 * received no payment (unpaid, or paid and then taken back by a reorganisation).
 */
export function invoiceSourceOf(events: { event: OrderStreamEvent; at: string }[]): InvoiceSource | null {
  let details: OrderDetails | null = null;
  let paid: Omit<InvoiceSource, 'details' | 'refundedTotal'> | null = null;
  let refundedTotal: string | null = null;
  for (const { event, at } of events) {
    switch (event.type) {
      case 'OrderSubmitted':
        details = event.data;
        break;
      case 'OrderPlaced':
        if (details === null) {
          const { status: _status, paymentStatus: _paymentStatus, ...placed } = event.data;
          details = placed;
        }
        break;
      case 'OrderPaymentConfirmed':
        if (details) paid = { paidWith: event.data.paidWith ?? details.paymentMethod, transactionHash: event.data.transactionHash, paidAt: at };
        break;
      case 'OrderStatusChanged':
        if (details && event.data.cashCollected) paid = { paidWith: details.paymentMethod, transactionHash: null, paidAt: event.data.at ?? at };
        break;
      case 'OrderPaymentReversed':
        paid = null;
        break;
      case 'OrderRefunded':
        refundedTotal = event.data.refundedTotal;
        break;
      default:
        break;
    }
  }
  return details && paid ? { details, ...paid, refundedTotal } : null;
}

/** The document for a paid order; the payment's time is its date of issue. */
export function invoiceOf({ details, paidWith, transactionHash, paidAt, refundedTotal }: InvoiceSource, business: BusinessIdentity): InvoiceDocument {
  const { orderId, shippingAddress: address, totals } = details;
  const taxInvoice = business.gstRegistered;
  const method = isCryptoPaymentMethod(paidWith) ? CRYPTO_PAYMENT_METHODS[paidWith].label : 'cash on delivery';
  return {
    title: taxInvoice ? 'Tax invoice' : 'Receipt',
    number: invoiceNumber(orderId),
    issuedAt: paidAt,
    orderId,
    seller: { name: business.name, abn: business.abn === null ? null : formatAbn(business.abn) },
    buyer: {
      name: `${address.firstName} ${address.lastName}`,
      email: details.customerEmail,
      address: [address.address, `${address.city} ${address.state} ${address.postalCode}`, address.country],
    },
    lines: details.lines.map((line) => ({ description: `${line.name} (${line.sku})`, quantity: line.quantity, unitPrice: line.unitPrice, amount: line.lineTotal })),
    subtotal: totals.subtotal,
    discount: parseCents(totals.discountAmount) > 0 ? { label: `Discount ${totals.discountPercentage}%${details.referralCode ? ` (code ${details.referralCode})` : ''}`, amount: totals.discountAmount } : null,
    shipping: { label: SHIPPING_METHODS[details.shippingMethod].label, amount: totals.shippingCost },
    total: totals.totalAmount,
    gstIncluded: taxInvoice ? formatCents(gstIncludedCents(parseCents(totals.totalAmount))) : null,
    payment: `Paid in full by ${method}${transactionHash ? `, transaction ${transactionHash}` : ''}`,
    refunded: refundedTotal !== null && parseCents(refundedTotal) > 0 ? refundedTotal : null,
  };
}

/** The file's name, e.g. tax-invoice-INV-000123.pdf. */
export const invoiceFileName = (document: Pick<InvoiceDocument, 'title' | 'number'>) => `${document.title === 'Tax invoice' ? 'tax-invoice' : 'receipt'}-${document.number}.pdf`;
