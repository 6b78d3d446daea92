import { PackageOpen, Undo2 } from 'lucide-react';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/client';
import type { Order } from '../../../api/types';
import { MAX_RETURN_PHOTOS, RETURN_MESSAGES, RETURN_WINDOW_DAYS, returnAmountCents, returnWindowEnd } from '../../../../../backend/src/ordering/contract/order-returns';
import type { ReturnStatus } from '../../../../../backend/src/ordering/contract/order.views';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/form';
import { formatAud } from '../../../lib/currencies';
import { formatDate } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { AttachmentPicker, AttachmentThumbnails, useImagePicker } from '../../media';
import { useRequestReturn } from '../api/order-data';

/** The last day a return may be asked for, when the delivery's time is known (the server decides again). */
export const returnDeadline = (order: Pick<Order, 'deliveredAt'>) => (order.deliveredAt ? new Date(returnWindowEnd(order.deliveredAt)) : null);

/** A delivered order with no return yet, within its 30 days and not refunded in full: its buyer may ask to return it. */
export const buyerMayReturn = (order: Pick<Order, 'status' | 'returnRequest' | 'refundStatus' | 'deliveredAt'>, now = Date.now()) => {
  const deadline = returnDeadline(order);
  return order.status === 'delivered' && order.returnRequest === null && order.refundStatus !== 'full' && (deadline === null || deadline.getTime() >= now);
};

export const RETURN_STATUS_TEXT: Record<ReturnStatus, string> = {
  requested: 'Return requested: we will reply with how to send it back',
  authorized: 'Return authorized: send the items back',
  refused: 'Return refused',
  received: 'Returned items received: your refund follows',
  refunded: 'Return refunded',
};

/**
 * "Return items" on a delivered order (issue 21, the /returns policy): which items and how many, why, the buyer's
 * word that they are unopened, and photos (signed-in buyers; the upload is theirs). `email`: a guest's lookup address.
 */
export function ReturnOrderButton({ order, email, signedIn, onRequested }: { order: Order; email?: string; signedIn: boolean; onRequested?(order: Order): void }) {
  const [asking, setAsking] = useState(false);
  if (!buyerMayReturn(order)) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <Undo2 size={16} aria-hidden /> Return items
      </Button>
      {asking && <ReturnOrderDialog order={order} email={email} signedIn={signedIn} onClose={() => setAsking(false)} onRequested={onRequested} />}
    </>
  );
}

function ReturnOrderDialog({ order, email, signedIn, onClose, onRequested }: { order: Order; email?: string; signedIn: boolean; onClose(): void; onRequested?(order: Order): void }) {
  const request = useRequestReturn();
  const picker = useImagePicker();
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(order.items.map((item) => [item.productId, item.quantity])));
  const [reason, setReason] = useState('');
  const [unopened, setUnopened] = useState(false);
  const [errors, setErrors] = useState<{ lines?: string; reason?: string; unopened?: string }>({});
  const lines = order.items.filter((item) => (quantities[item.productId] ?? 0) > 0).map((item) => ({ productId: item.productId, quantity: quantities[item.productId] }));
  const cents = order.items.reduce((sum, item) => sum + toCents(item.price) * (quantities[item.productId] ?? 0), 0);
  const afterDiscount = returnAmountCents(cents, order.discountPercentage);
  const deadline = returnDeadline(order);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      lines: lines.length === 0 ? RETURN_MESSAGES.lines : undefined,
      reason: reason.trim().length < 10 ? RETURN_MESSAGES.reason : undefined,
      unopened: unopened ? undefined : RETURN_MESSAGES.unopened,
    };
    setErrors(found);
    if (found.lines || found.reason || found.unopened) return;
    request.mutate(
      { orderId: order.id, lines, reason: reason.trim(), email, photos: picker.images },
      {
        onSuccess: (requested) => {
          onClose();
          onRequested?.(requested);
        },
      },
    );
  };

  return (
    <AdminDialog
      title={`Return items of order #${order.id}`}
      description={
        <>
          Returns are accepted within {RETURN_WINDOW_DAYS} days of delivery{deadline ? ` (until ${formatDate(deadline.toISOString())})` : ''}, unopened and unused, with our authorization first: please do not send
          anything before we reply. See the <Link to="/returns">returns policy</Link>.
        </>
      }
      submitLabel="Ask to return"
      busy={request.isPending}
      onSubmit={submit}
      onClose={() => {
        request.reset();
        onClose();
      }}
    >
      <fieldset className="return-lines" aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
        <legend className="field-label">Items to return</legend>
        {order.items.map((item) => (
          <label key={item.productId} className="row between gap return-line">
            <span>
              {item.name} <span className="muted small">({item.quantity} ordered)</span>
            </span>
            <input
              className="input return-quantity"
              type="number"
              min={0}
              max={item.quantity}
              value={quantities[item.productId] ?? 0}
              aria-label={`How many ${item.name} to return`}
              onChange={(event) => {
                setQuantities((before) => ({ ...before, [item.productId]: Math.max(0, Math.min(item.quantity, Number.parseInt(event.target.value, 10) || 0)) }));
                setErrors((before) => ({ ...before, lines: undefined }));
              }}
            />
          </label>
        ))}
        {errors.lines && (
          <p className="field-error" id="return-lines-error">
            {errors.lines}
          </p>
        )}
        <p className="small">
          Refund if accepted: <strong>{formatAud(afterDiscount)}</strong>
          <span className="muted">{order.discountPercentage > 0 ? `, after your ${order.discountPercentage}% discount` : ''}; shipping is not refunded.</span>
        </p>
      </fieldset>
      <Field label="Why are you returning them?" required error={errors.reason}>
        <textarea
          className="textarea"
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim().length >= 10) setErrors((before) => ({ ...before, reason: undefined }));
          }}
        />
      </Field>
      <Field label="The items are unopened and unused" inline error={errors.unopened}>
        <input
          type="checkbox"
          checked={unopened}
          onChange={(event) => {
            setUnopened(event.target.checked);
            if (event.target.checked) setErrors((before) => ({ ...before, unopened: undefined }));
          }}
        />
      </Field>
      {signedIn ? (
        <AttachmentPicker picker={picker} disabled={request.isPending} label={`Photos of the items (optional, up to ${MAX_RETURN_PHOTOS})`} />
      ) : (
        <p className="muted small">Signed-in customers can add photos; we may ask you for some by e-mail.</p>
      )}
      {request.isError && (
        <p className="notice notice-danger" role="alert">
          {messageOf(request.error, 'The return could not be requested. Please try again.')}
        </p>
      )}
    </AdminDialog>
  );
}

/** Where the order's return stands, on the order page. */
export function ReturnStatusCard({ order }: { order: Order }) {
  const request = order.returnRequest;
  if (!request) return null;
  const tone = request.status === 'refused' ? 'notice notice-danger' : 'notice';
  return (
    <section className="card stack" aria-labelledby="order-return-heading">
      <h2 id="order-return-heading">
        <PackageOpen size={18} aria-hidden /> Return
      </h2>
      <p className={tone} role="status">
        <strong>{RETURN_STATUS_TEXT[request.status]}</strong>
        {request.staffNote && (
          <>
            <br />
            {request.status === 'refused' ? 'Reason: ' : ''}
            {request.staffNote}
          </>
        )}
      </p>
      <ul className="order-detail-items">
        {request.lines.map((line) => (
          <li key={line.productId} className="row between gap">
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>{formatAud(toCents(line.amount))}</span>
          </li>
        ))}
      </ul>
      <p className="small">
        Refund if accepted: <strong>{formatAud(toCents(request.amount))}</strong>
      </p>
      <p className="muted small">Your reason: {request.reason}</p>
      <AttachmentThumbnails attachments={request.photos} label="Photos of the return" />
    </section>
  );
}
