import { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../hooks/useAuth';

/** Where a shopper goes once an order is settled: their orders (when signed in) or back to the shelves. */
export function AfterOrderActions({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="row gap wrap result-actions">
      {children}
      {isAuthenticated && (
        <Link to="/dashboard" className={children ? 'button button-outline' : 'button button-primary'}>
          View My Orders
        </Link>
      )}
      <Link to="/products" className="button button-outline">
        Continue Shopping
      </Link>
    </div>
  );
}
