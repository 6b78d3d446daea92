import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../api/types';
import { useAuth } from '../../identity';
import { useMyVerification, useVerificationPolicy } from '../api/verification-queries';

/**
 * On the order page, while a paid (or cash on delivery) order waits to ship: what its buyer must still do, when the
 * shop verifies institutions before shipping. A guest is asked to sign up with the order's address and claim it first.
 */
export function VerificationNotice({ order }: { order: Order }) {
  const { user } = useAuth();
  const policy = useVerificationPolicy();
  const waitsToShip = (order.status === 'pending' || order.status === 'processing') && (order.paymentStatus === 'confirmed' || order.paymentMethod === 'cash_on_delivery');
  const ownOrder = user !== null && order.customerId === user.id;
  const mine = useMyVerification(ownOrder && waitsToShip && policy.data?.required === true);
  if (!waitsToShip || policy.data?.required !== true) return null;

  if (order.customerId === null) {
    return (
      <div className="notice stack verification-notice" role="note" aria-label="Institution verification">
        <p>
          <ShieldCheck size={18} aria-hidden /> <strong>Before we can ship: verify your institution.</strong> We ship research compounds only to verified researchers.
        </p>
        <p>
          <Link to="/auth">Create an account</Link> with {order.customerEmail} and confirm the address: this order then appears on your dashboard. Then submit your institution, your position and an
          institutional e-mail address or a photo of a document that shows your affiliation. Order #{order.id} ships once our staff approve it.
        </p>
      </div>
    );
  }
  if (!ownOrder) {
    return (
      <p className="notice verification-notice" role="note">
        <ShieldCheck size={18} aria-hidden /> Order #{order.id} ships once its buyer's institution verification is approved. <Link to="/dashboard/verification">Sign in to see or submit it</Link>.
      </p>
    );
  }
  const status = mine.data?.verification?.status ?? null;
  if (!mine.data || status === 'approved') return null;
  if (status === 'submitted') {
    return (
      <p className="notice verification-notice" role="note">
        <ShieldCheck size={18} aria-hidden /> <strong>Your institution verification is waiting for review.</strong> Order #{order.id} ships once our staff approve it.
      </p>
    );
  }
  return (
    <p className="notice verification-notice" role="note">
      <ShieldCheck size={18} aria-hidden /> <strong>Before we can ship: {status === 'rejected' ? 'your institution verification was not approved.' : 'verify your institution.'}</strong> Order #{order.id} ships once our
      staff approve it. <Link to="/dashboard/verification">{status === 'rejected' ? 'Submit a new verification' : 'Submit your verification'}</Link>
    </p>
  );
}
