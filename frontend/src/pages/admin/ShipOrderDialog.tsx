import { CARRIERS } from '../../../../backend/src/ordering/contract/checkout-rules';
import { MISSING_SHIPPING, shippingSchema } from '../../../../backend/src/ordering/contract/back-office-input';
import type { Order } from '../../api/types';
import { Field, useZodForm } from '../../components/ui/form';
import { useToast } from '../../state/toast';
import { useShipOrder } from './admin-data';
import { AdminDialog } from './AdminDialog';

export function ShipOrderDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const toast = useToast();
  const ship = useShipOrder();
  const form = useZodForm(shippingSchema, { defaultValues: { trackingNumber: '', shippingCarrier: '' as never, adminNotes: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (values) => ship.mutate({ orderId: order.id, trackingNumber: values.trackingNumber, shippingCarrier: values.shippingCarrier, adminNotes: values.adminNotes ?? '' }, { onSuccess: onClose }),
    () => {
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
    </AdminDialog>
  );
}
