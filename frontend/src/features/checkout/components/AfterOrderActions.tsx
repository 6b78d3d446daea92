import { ReactNode } from 'react';
import { useAuth } from '../../identity';
import { ButtonLink } from '../../../components/ui/Button';

/** Where a shopper goes once an order is settled: their orders (when signed in) or back to the shelves. */
export function AfterOrderActions({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="row gap wrap result-actions">
      {children}
      {isAuthenticated && (
        <ButtonLink to="/dashboard" variant={children ? 'outline' : 'primary'}>
          View My Orders
        </ButtonLink>
      )}
      <ButtonLink to="/products" variant="outline">
        Continue Shopping
      </ButtonLink>
    </div>
  );
}
