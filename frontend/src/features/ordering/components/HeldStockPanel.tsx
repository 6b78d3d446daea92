import { useState } from 'react';
import { messageOf } from '../../../api/client';
import { AdminDialog } from '../../../components/ui/Dialog';
import { LoadError } from '../../../components/ui/LoadError';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { formatDateTime } from '../../../lib/dates';
import type { HeldStockOrderView } from '../../../../../backend/src/ordering/contract/order.views';
import { useHeldStock, useReleaseHeldStock } from '../api/admin-order-queries';
import { Button } from '../../../components/ui/Button';
import { useAuth } from '../../identity';

/** How many products the dashboard lists before "Show all". */
const FIRST_PRODUCTS = 5;

/**
 * Stock that orders not paid yet keep from other shoppers, per product, with the orders holding it: staff
 * see who holds what and until when, and release a hold (the order is cancelled, its customer told why).
 */
export function HeldStockPanel() {
  const held = useHeldStock();
  const release = useReleaseHeldStock();
  // Releasing cancels the order: for roles that may cancel orders (an auditor reads the dashboard, changes nothing).
  const mayRelease = useAuth().may('orders:cancel');
  const [showAll, setShowAll] = useState(false);
  const [releasing, setReleasing] = useState<HeldStockOrderView | null>(null);
  const view = held.data;
  const products = view ? (showAll ? view.products : view.products.slice(0, FIRST_PRODUCTS)) : [];

  return (
    <section className="card admin-card stack" aria-labelledby="held-stock-heading">
      <div className="row between wrap gap">
        <h2 id="held-stock-heading">Stock held by unpaid orders</h2>
        {view && (
          <p className="small muted">
            {view.totalUnits === 0 ? 'None' : `${view.totalUnits} unit${view.totalUnits === 1 ? '' : 's'} in ${view.orders} order${view.orders === 1 ? '' : 's'}`}
            {!view.complete && ' (the newest orders only)'}
          </p>
        )}
      </div>
      {held.isError ? (
        <LoadError message={messageOf(held.error, 'Failed to load the held stock.')} onRetry={() => held.refetch()} />
      ) : held.isLoading ? (
        <p className="muted small">Loading…</p>
      ) : products.length === 0 ? (
        <p className="muted small">No unpaid order holds any stock. An unpaid crypto order gives its stock back when its payment window ends.</p>
      ) : (
        <ul className="held-stock-list stack">
          {products.map((product) => (
            <li key={product.productId} className="held-stock-product">
              <details>
                <summary>
                  <strong>{product.name}</strong> <span className="small muted">{product.sku}</span>
                  <span className="held-stock-units">{product.heldUnits} held</span>
                </summary>
                <ul className="stack held-stock-orders">
                  {product.orders.map((order) => (
                    <li key={order.orderId} className="row between wrap gap">
                      <span className="small">
                        <strong>#{order.orderId}</strong> · {order.quantity} × · {order.customerEmail} · {paymentMethodLabel(order.paymentMethod)}
                        <br />
                        <span className="muted">
                          Placed {formatDateTime(order.createdAt)}
                          {order.paymentDueBy ? `, released by itself ${formatDateTime(order.paymentDueBy)}` : ', paid on delivery'}
                        </span>
                      </span>
                      {mayRelease && (
                        <Button variant="outline" size="sm" onClick={() => setReleasing(order)}>
                          Release
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
      {view && view.products.length > FIRST_PRODUCTS && (
        <Button variant="outline" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show fewer' : `Show all ${view.products.length} products`}
        </Button>
      )}
      {releasing && (
        <AdminDialog
          title={`Release the stock of order #${releasing.orderId}?`}
          description={`The unpaid order is cancelled, everything it holds goes back on sale, and ${releasing.customerEmail} is told why. This cannot be undone.`}
          submitLabel="Release stock"
          submitVariant="danger"
          busy={release.isPending}
          onClose={() => setReleasing(null)}
          onSubmit={() => release.mutate({ orderId: releasing.orderId }, { onSuccess: () => setReleasing(null) })}
        />
      )}
    </section>
  );
}
