import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Order } from '../../../api/types';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { useCancelOrder } from '../api/order-data';

/** Whether the buyer may cancel the order themselves: not paid, and the shop has not started on it (the server decides again). */
export const buyerMayCancel = (order: Pick<Order, 'status' | 'paymentStatus'>) => order.status === 'pending' && order.paymentStatus !== 'confirmed';

/**
 * "Cancel order" on the order page, asked once more in a dialog. `email`: the address the lookup was made with,
 * for a guest whose browser did not place the order.
 */
export function CancelOrderButton({ order, email, onCancelled }: { order: Order; email?: string; onCancelled?(order: Order): void }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  if (!buyerMayCancel(order)) return null;
  const crypto = order.paymentMethod !== 'cash_on_delivery';
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <XCircle size={16} aria-hidden /> Cancel order
      </Button>
      {asking && (
        <AdminDialog
          title={`Cancel order #${order.id}?`}
          description={
            crypto
              ? 'Its items go back on sale and nothing more is due for it. If you have already sent a payment, do not cancel: contact us, and we will match it to the order.'
              : 'Its items go back on sale and nothing will be delivered or collected.'
          }
          submitLabel="Cancel order"
          submitVariant="danger"
          cancelLabel="Keep order"
          busy={cancel.isPending}
          onClose={() => {
            setAsking(false);
            cancel.reset();
          }}
          onSubmit={() =>
            cancel.mutate(
              { orderId: order.id, email },
              {
                onSuccess: (cancelled) => {
                  setAsking(false);
                  onCancelled?.(cancelled);
                },
              },
            )
          }
        >
          {cancel.isError && (
            <p className="notice notice-danger" role="alert">
              {messageOf(cancel.error, 'The order could not be cancelled. Please try again.')}
            </p>
          )}
        </AdminDialog>
      )}
    </>
  );
}
