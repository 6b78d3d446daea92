import { useMemo } from 'react';
import { z } from 'zod';
import { isCryptoPaymentMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CARRIERS } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { MISSING_SHIPPING, shippingSchema } from '../../../../../backend/src/ordering/contract/back-office-input';
import type { StaffOrder as Order } from '../api/admin-order-queries';
import { Field, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { useShipOrder } from '../api/admin-order-queries';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { AdminDialog } from '../../../components/ui/Dialog';
import { messageOf } from '../../../api/client';

const UNPAID_CONFIRMATION = 'Tick this to ship before the payment is confirmed.';

export function ShipOrderDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const toast = useToast();
  const ship = useShipOrder();
  // Shipping a crypto order whose transfer nobody confirmed asks the admin to say so explicitly.
  const unpaid = isCryptoPaymentMethod(order.paymentMethod) && order.paymentStatus !== 'confirmed';
  const schema = useMemo(
    () => shippingSchema.extend({ shipUnpaid: z.boolean() }).refine((values) => !unpaid || values.shipUnpaid, { path: ['shipUnpaid'], message: UNPAID_CONFIRMATION }),
    [unpaid],
  );
  const form = useZodForm(schema, { defaultValues: { trackingNumber: '', shippingCarrier: '' as never, adminNotes: '', shipUnpaid: false } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (values) => ship.mutate({ orderId: order.id, trackingNumber: values.trackingNumber, shippingCarrier: values.shippingCarrier, adminNotes: values.adminNotes ?? '' }, { onSuccess: onClose }),
    (invalid) => {
      if (!invalid.trackingNumber && !invalid.shippingCarrier) return;
      const [title, description] = MISSING_SHIPPING.split(': ');
      toast({ title, description, variant: 'destructive' });
    },
  );

  return (
    <AdminDialog
      title={`Mark Order #${order.id} as Shipped`}
      description="The customer is e-mailed the carrier and tracking number."
      submitLabel="Mark as Shipped"
      busy={ship.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Tracking number" required error={errors.trackingNumber && 'Enter the tracking number.'}>
        <input className="input" autoComplete="off" {...form.register('trackingNumber')} />
      </Field>
      <Field label="Shipping carrier" required error={errors.shippingCarrier && 'Choose the carrier.'}>
        <select className="select" {...form.register('shippingCarrier')}>
          <option value="" disabled>
            Select a carrier
          </option>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Admin notes (optional)">
        <textarea className="textarea" {...form.register('adminNotes')} />
      </Field>
      {ship.isError && (
        <p className="notice notice-danger" role="alert">
          {messageOf(ship.error, 'The order could not be marked shipped.')}
        </p>
      )}
      {unpaid && (
        <div className="notice stack" role="note">
          <p>
            The {paymentMethodLabel(order.paymentMethod)} payment of this order is <strong>not confirmed</strong>. Ship it only if you have checked the transfer yourself.
          </p>
          <Field label="Ship although the payment is not confirmed" inline error={errors.shipUnpaid?.message}>
            <input type="checkbox" {...form.register('shipUnpaid')} />
          </Field>
        </div>
      )}
    </AdminDialog>
  );
}
