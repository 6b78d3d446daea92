import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PackageSearch } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, messageOf } from '../../../api/client';
import { useAuth } from '../../identity';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { NotFoundPage } from '../../content';
import { OrderDetail } from '../components/OrderDetail';
import { orderQueries } from '../api/order-data';
import { Button, ButtonAnchor, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';

/** `/orders/:id`: the order page of its customer, or of the guest whose browser placed it. Anyone else is told it is not theirs to see. */
export default function OrderDetailPage() {
  const { id } = useParams();
  const orderId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  usePageTitle(orderId ? `Order #${orderId}` : 'Order');
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const ready = orderId !== null && !authLoading;
  const order = useQuery({ ...orderQueries.detail(orderId ?? 0, isAuthenticated), enabled: ready });
  const timeline = useQuery({ ...orderQueries.timeline(orderId ?? 0, isAuthenticated), enabled: ready && order.isSuccess });

  if (orderId === null) return <NotFoundPage />;
  const back = isAuthenticated ? { to: '/dashboard', label: 'Back to your orders' } : { to: '/', label: 'Back to store' };
  const notFound = order.error instanceof ApiError && order.error.status === 404;

  return (
    <div className="section orders-page">
      <div className="container stack">
        <Link to={back.to} className="back-link">
          <ArrowLeft size={16} aria-hidden /> {back.label}
        </Link>
        {order.isPending ? (
          <div className="stack" role="status" aria-busy="true" aria-label="Loading the order">
            <span className="skeleton skeleton-line short" />
            <div className="skeleton order-detail-skeleton" />
          </div>
        ) : notFound ? (
          <EmptyState icon={PackageSearch} title="Order not found" level={1}>
            <p className="muted">
              Order #{orderId} does not exist or is not yours to see. {isAuthenticated ? 'It may belong to another account.' : 'Sign in with the account that placed it, or find it with its number and e-mail address.'}
            </p>
            <div className="row gap wrap center">
              {!isAuthenticated && (
                <ButtonAnchor variant="primary" href={`/api/login?returnTo=${encodeURIComponent(`/orders/${orderId}`)}`}>
                  Sign in
                </ButtonAnchor>
              )}
              <ButtonLink variant="outline" to="/orders/lookup">
                Find your order
              </ButtonLink>
            </div>
          </EmptyState>
        ) : order.isError ? (
          <div className="notice notice-danger row between wrap gap" role="alert">
            <span>{messageOf(order.error, 'We could not load this order. Please try again.')}</span>
            <Button variant="outline" size="sm" onClick={() => order.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <OrderDetail order={order.data} timeline={{ entries: timeline.data, isLoading: timeline.isPending, isError: timeline.isError }} cancel={{}} />
        )}
      </div>
    </div>
  );
}
