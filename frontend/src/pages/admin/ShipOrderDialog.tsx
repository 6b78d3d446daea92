import { useId, useState } from 'react';
import { CARRIERS } from '../../../../backend/src/ordering/contract/checkout-rules';
import type { Order } from '../../api/types';
import { useToast } from '../../state/toast';
import { useShipOrder } from './admin-data';
import { AdminDialog } from './AdminDialog';

export function ShipOrderDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const toast = useToast();
  const ship = useShipOrder();
  const [trackingNumber, setTrackingNumber] = useState('');
  const [shippingCarrier, setShippingCarrier] = useState('');
  const [adminNotes, setAdminNotes] = useState('');
  const trackingId = useId();
  const carrierId = useId();
  const notesId = useId();

  const submit = () => {
    if (!trackingNumber.trim() || !shippingCarrier) {
      toast({ title: 'Missing Information', description: 'Please fill in tracking number and shipping carrier.', variant: 'destructive' });
      return;
    }
    ship.mutate({ orderId: order.id, trackingNumber: trackingNumber.trim(), shippingCarrier, adminNotes: adminNotes.trim() }, { onSuccess: onClose });
  };

  return (
    <AdminDialog
      title={`Mark Order #${order.id} as Shipped`}
      description="The customer is e-mailed the carrier and tracking number."
      submitLabel="Mark as Shipped"
      busy={ship.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={trackingId}>Tracking number</label>
        <input id={trackingId} className="input" required autoComplete="off" value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={carrierId}>Shipping carrier</label>
        <select id={carrierId} className="select" required value={shippingCarrier} onChange={(event) => setShippingCarrier(event.target.value)}>
          <option value="" disabled>
            Select a carrier
          </option>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={notesId}>Admin notes (optional)</label>
        <textarea id={notesId} className="textarea" value={adminNotes} onChange={(event) => setAdminNotes(event.target.value)} />
      </div>
    </AdminDialog>
  );
}
