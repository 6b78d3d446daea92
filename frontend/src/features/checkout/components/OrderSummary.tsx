import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../../../api/client';
import type { CheckoutQuote } from '../../../api/types';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';

const aud = (decimal: string) => formatAud(toCents(decimal));

/** Items, subtotal, discount, shipping and total exactly as the server will charge them. */
export function OrderSummary({ quote }: { quote: UseQueryResult<CheckoutQuote> }) {
  if (quote.isError && !quote.data) {
    return (
      <p className="notice notice-danger" role="alert">
        {messageOf(quote.error, 'We could not price your order. Please try again.')}
      </p>
    );
  }
  if (!quote.data) {
    return (
      <div className="stack" role="status" aria-busy="true" aria-label="Calculating your order total">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line short" />
      </div>
    );
  }
  const { items, subtotal, discountPercentage, discountAmount, shippingCost, totalAmount, gstIncluded } = quote.data;
  return (
    <div className="stack" aria-busy={quote.isFetching} data-testid="order-summary">
      {quote.isError && (
        <p className="notice notice-danger" role="alert">
          {messageOf(quote.error, 'We could not price your order. Please try again.')}
        </p>
      )}
      <ul className="summary-items" aria-label="Items in your order">
        {items.map((item) => (
          <li key={item.productId} className="row between gap">
            <span>
              {item.name} <span className="muted">× {item.quantity}</span>
            </span>
            <span className="tabular">{aud(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        <div className="row between">
          <dt>Subtotal</dt>
          <dd className="tabular">{aud(subtotal)}</dd>
        </div>
        {discountPercentage > 0 && (
          <div className="row between summary-discount">
            <dt>Referral discount ({discountPercentage}%)</dt>
            <dd className="tabular">−{aud(discountAmount)}</dd>
          </div>
        )}
        <div className="row between">
          <dt>Shipping</dt>
          <dd className="tabular">{aud(shippingCost)}</dd>
        </div>
        <div className="row between summary-total">
          <dt>Total</dt>
          <dd className="tabular" data-testid="order-total">
            {aud(totalAmount)}
          </dd>
        </div>
        <div className="row between muted small">
          <dt>Includes GST</dt>
          <dd className="tabular" data-testid="order-gst">
            {aud(gstIncluded)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
