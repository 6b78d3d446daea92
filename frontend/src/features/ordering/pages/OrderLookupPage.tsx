import { ArrowLeft, Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { orderLookupSchema } from '../../../../../backend/src/ordering/contract/order-lookup';
import { messageOf } from '../../../api/client';
import { Field, useZodForm } from '../../../components/ui/form';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { OrderDetail } from '../components/OrderDetail';
import { useOrderLookup } from '../api/order-data';
import { Button } from '../../../components/ui/Button';

/** `/orders/lookup`: a guest finds an order with the number from the confirmation e-mail and the address it went to. */
export default function OrderLookupPage() {
  usePageTitle('Find your order');
  const lookup = useOrderLookup();
  const form = useZodForm(orderLookupSchema, { defaultValues: { orderNumber: '', email: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => lookup.mutate(input));
  const found = lookup.data;

  return (
    <div className="section orders-page">
      <div className="container stack">
        <Link to="/" className="back-link">
          <ArrowLeft size={16} aria-hidden /> Back to store
        </Link>
        {found ? (
          <>
            <OrderDetail
              order={found.order}
              timeline={{ entries: found.timeline, isLoading: false, isError: false }}
              // The answer is shown once and kept nowhere: after a cancellation it is asked for again, with the same pair.
              cancel={{ email: lookup.variables?.email, onCancelled: () => lookup.variables && lookup.mutate(lookup.variables) }}
            />
            <Button variant="outline" className="order-lookup-again" onClick={() => lookup.reset()}>
              <Search size={16} aria-hidden /> Find another order
            </Button>
          </>
        ) : (
          <section className="card stack order-lookup" aria-labelledby="order-lookup-title">
            <h1 id="order-lookup-title">Find your order</h1>
            <p className="muted">Ordered without an account? Enter the order number from your confirmation e-mail and the e-mail address you ordered with.</p>
            <form className="stack" onSubmit={submit} noValidate aria-label="Find your order">
              <Field label="Order number" error={errors.orderNumber?.message} required>
                <input className="input" inputMode="numeric" autoComplete="off" placeholder="e.g. 1042" {...form.register('orderNumber')} />
              </Field>
              <Field label="E-mail address" error={errors.email?.message} required>
                <input className="input" type="email" autoComplete="email" placeholder="you@institution.edu" {...form.register('email')} />
              </Field>
              {lookup.isError && (
                <p className="notice notice-danger" role="alert">
                  {messageOf(lookup.error, 'We could not look up the order. Please try again.')}
                </p>
              )}
              <Button type="submit" variant="primary" block disabled={lookup.isPending}>
                {lookup.isPending ? 'Looking...' : 'Find order'}
              </Button>
            </form>
            <p className="muted small">
              Have an account? <a href={`/api/login?returnTo=${encodeURIComponent('/dashboard')}`}>Sign in</a> to see all your orders; orders placed with its e-mail address are added to it.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
