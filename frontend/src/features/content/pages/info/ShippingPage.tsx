import { BadgeCheck, MapPin, Package, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { COUNTRY, SHIPPING_METHOD_IDS, SHIPPING_METHODS } from '../../../../../../backend/src/ordering/contract/checkout-rules';
import { formatAud } from '../../../../lib/currencies';
import { FREE_SHIPPING_OVER_AUD } from '../../../../lib/shop';
import { InfoPage } from './InfoPage';
import { HowVerificationWorks, VerificationHighlight } from '../../../verification';

const WHERE: Record<(typeof SHIPPING_METHOD_IDS)[number], string> = {
  regular: `Anywhere in ${COUNTRY}`,
  express: `Anywhere in ${COUNTRY}`,
  cash_on_delivery: 'Sydney metropolitan area only; pay the courier in cash on delivery',
};

export default function ShippingPage() {
  return (
    <InfoPage title="Shipping Information" lead={`Discreet, tracked delivery across ${COUNTRY}. Free shipping on orders over ${formatAud(FREE_SHIPPING_OVER_AUD * 100)}.`}>
      <div className="info-highlights">
        <div className="card">
          <Package size={22} aria-hidden />
          <p>
            <strong>Discreet packaging</strong>
            <br />
            <span className="small muted">Plain outer box with no product names on the label.</span>
          </p>
        </div>
        <div className="card">
          <Truck size={22} aria-hidden />
          <p>
            <strong>Tracked delivery</strong>
            <br />
            <span className="small muted">You receive the carrier and tracking number by e-mail when your order ships.</span>
          </p>
        </div>
        <div className="card">
          <BadgeCheck size={22} aria-hidden />
          <p>
            <strong>Institution verification</strong>
            <br />
            <span className="small muted">
              <VerificationHighlight />
            </span>
          </p>
        </div>
      </div>

      <h2>Shipping options</h2>
      <table className="shipping-table">
        <caption className="sr-only">Shipping options with cost and delivery time</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Cost</th>
            <th scope="col">Delivery</th>
          </tr>
        </thead>
        <tbody>
          {SHIPPING_METHOD_IDS.map((id) => (
            <tr key={id}>
              <th scope="row">{SHIPPING_METHODS[id].label}</th>
              <td>{formatAud(SHIPPING_METHODS[id].costCents)}</td>
              <td>
                {SHIPPING_METHODS[id].delivery}
                <br />
                <span className="small muted">{WHERE[id]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small muted">Delivery times are counted from dispatch. Shipping costs are in Australian dollars and shown in your order summary before you pay.</p>

      <h2>When your order ships</h2>
      <ul>
        <li>Crypto orders are prepared once the payment is confirmed on the blockchain, which usually takes 10–30 minutes.</li>
        <li>Cash on Delivery orders are confirmed straight away; the courier collects payment at your door.</li>
        <li>
          <HowVerificationWorks />
        </li>
        <li>
          When the parcel leaves, we e-mail you the carrier and tracking number. You can also see them with your order in{' '}
          <Link to="/dashboard">My Orders</Link>.
        </li>
      </ul>

      <h2 className="row gap">
        <MapPin size={22} aria-hidden /> Where we deliver
      </h2>
      <p>
        We ship to addresses in {COUNTRY} only. Cash on Delivery is only available in the Sydney metropolitan area; the checkout checks your postcode
        and suburb before offering it.
      </p>
      <p>
        Questions about a delivery? See the <Link to="/faq">FAQ</Link> or our <Link to="/returns">returns policy</Link>.
      </p>
    </InfoPage>
  );
}
