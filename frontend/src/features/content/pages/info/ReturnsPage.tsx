import { Link } from 'react-router-dom';
import { CHAT_APP_NAME, CHAT_LINK } from '../../../../lib/shop';
import { RETURN_WINDOW_DAYS } from '../../../../../../backend/src/ordering/contract/order-returns';
import { InfoPage } from './InfoPage';

/** Storefront spec §9: within 30 days of delivery, unopened and unused, with original documentation and prior authorization (the order decider's rules). */

export default function ReturnsPage() {
  return (
    <InfoPage
      title="Returns Policy"
      lead={`Products may be returned within ${RETURN_WINDOW_DAYS} days of delivery if they are unopened and unused, with their original documentation and our prior authorization.`}
    >
      <h2>What can be returned</h2>
      <ul>
        <li>Products returned within {RETURN_WINDOW_DAYS} days of the delivery date.</li>
        <li>Unopened and unused: seals intact and vials never reconstituted.</li>
        <li>With the original documentation that came with the order, such as the packing slip.</li>
        <li>Only with our prior authorization: parcels sent back without it cannot be accepted.</li>
      </ul>
      <p>
        Opened or reconstituted products cannot be returned, because we cannot verify how they were stored or handled and so cannot guarantee their
        integrity to the next researcher.
      </p>

      <h2>How to request a return</h2>
      <ol className="info-steps">
        <li>
          Open the delivered order (<Link to="/dashboard">My Orders</Link>, or <Link to="/orders/lookup">Find your order</Link> if you ordered as a
          guest) and choose <strong>Return items</strong>: the items and how many, the reason, and photos if you have an account. You can also message us on{' '}
          <a href={CHAT_LINK} target="_blank" rel="noopener noreferrer">
            {CHAT_APP_NAME} (opens in a new tab)
          </a>
          .
        </li>
        <li>We check the request and, if it qualifies, authorize it by e-mail with the return address; if not, we tell you why.</li>
        <li>Pack the unopened products with their original documentation and send them back, tracked, within the {RETURN_WINDOW_DAYS}-day window.</li>
        <li>Once the parcel arrives and has been inspected, we refund what the returned items cost on your order (shipping is not refunded), in the coin you paid with to an address you give us, and e-mail you.</li>
      </ol>

      <h2>Damaged or incorrect items</h2>
      <p>
        If a parcel arrives damaged, or the contents do not match your order, contact us as soon as possible with your order number and photos of the
        parcel and products. Do not open or use the affected items.
      </p>
      <p>
        See also our <Link to="/shipping">shipping information</Link> and the <Link to="/faq">FAQ</Link>.
      </p>
    </InfoPage>
  );
}
