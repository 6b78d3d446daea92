import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/client';
import { LoadError } from '../../../components/ui/LoadError';
import { LOW_STOCK_THRESHOLD } from '../../../lib/shop';
import { useLowStock } from '../api/admin-product-queries';
import { Badge } from '../../../components/ui/Badge';

/** The back office's dashboard: active products with LOW_STOCK_THRESHOLD units or fewer, the fewest first (issue 21). */
export function LowStockPanel() {
  const low = useLowStock();
  const products = low.data ?? [];
  return (
    <section className="card admin-card stack" aria-labelledby="low-stock-heading">
      <div className="row between wrap gap">
        <h2 id="low-stock-heading">Low stock</h2>
        <p className="small muted">{LOW_STOCK_THRESHOLD} units or fewer</p>
      </div>
      {low.isError ? (
        <LoadError message={messageOf(low.error, 'Failed to load the low-stock list.')} onRetry={() => low.refetch()} />
      ) : low.isLoading ? (
        <p className="muted small">Loading…</p>
      ) : products.length === 0 ? (
        <p className="muted small">Every active product has more than {LOW_STOCK_THRESHOLD} units.</p>
      ) : (
        <ul className="low-stock-list" aria-label="Products low in stock">
          {products.map((product) => (
            <li key={product.id} className="row between gap">
              <span>
                <strong>{product.name}</strong> <span className="small muted">{product.sku}</span>
              </span>
              <Badge tone={product.stock === 0 ? 'out' : 'limited'}>{product.stock === 0 ? 'Out of stock' : `${product.stock} left`}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="small">
        <Link to="/admin/products">Adjust stock on the Products tab</Link>
      </p>
    </section>
  );
}
