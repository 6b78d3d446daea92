import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Order } from '../../../api/types';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { useCancelOrder } from '../api/order-data';
import { SupportCaseDialog, SupportCasePreset } from '../../support';
import { CHAT_APP_NAME } from '../../../lib/shop';

/** Whether the buyer may cancel the order themselves: not paid, and the shop has not started on it (the server decides again). */
export const buyerMayCancel = (order: Pick<Order, 'status' | 'paymentStatus'>) => order.status === 'pending' && order.paymentStatus !== 'confirmed';

/** A paid order not yet sent and not refunded: its buyer may ask the shop to cancel and refund it (issue 21). */
export const buyerMayAskForRefund = (order: Pick<Order, 'status' | 'paymentStatus' | 'refundStatus'>) =>
  order.paymentStatus === 'confirmed' && (order.status === 'pending' || order.status === 'processing') && order.refundStatus !== 'full';

/**
 * "Ask to cancel and refund" for a paid order (the shop refunds it, staff decide): opens a support case about the
 * order, with a subject and a request the customer completes with the address to refund to. Signed-in customers
 * only (support cases belong to an account); a guest is told where to ask.
 */
export function AskForRefundButton({ order, signedIn }: { order: Order; signedIn: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!buyerMayAskForRefund(order)) return null;
  if (!signedIn) return <p className="muted small">Paid already: to cancel it, sign in and open a support case, or contact us on {CHAT_APP_NAME} with the order number.</p>;
  const crypto = order.paymentMethod !== 'cash_on_delivery';
  const preset: SupportCasePreset = {
    subject: `Cancel order #${order.id} and refund it`,
    category: 'order_issue',
    description: crypto
      ? `Please cancel order #${order.id} and refund it.\nRefund address (in the coin I paid with): `
      : `Please cancel order #${order.id} and refund it.`,
  };
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <XCircle size={16} aria-hidden /> Ask to cancel and refund
      </Button>
      <SupportCaseDialog open={asking} onClose={() => setAsking(false)} defaultOrderId={order.id} preset={preset} />
    </>
  );
}

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
