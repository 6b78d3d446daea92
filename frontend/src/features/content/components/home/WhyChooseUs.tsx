import { Award, FlaskConical, PackageCheck, Truck, Zap } from 'lucide-react';
import { FREE_SHIPPING_OVER_AUD } from '../../../../lib/shop';

const REASONS = [
  { icon: Award, title: 'GMP Certified', text: 'Manufactured in GMP-certified facilities under strict quality control.' },
  { icon: FlaskConical, title: '99%+ Purity', text: 'Every batch verified by independent HPLC and mass spectrometry testing.' },
  { icon: Zap, title: 'Fast Shipping', text: 'Orders are packed and dispatched quickly once payment is confirmed.' },
  { icon: PackageCheck, title: 'Discreet Tracked Shipping', text: 'Plain, secure packaging with tracking on every parcel.' },
  { icon: Truck, title: `Free Shipping Over $${FREE_SHIPPING_OVER_AUD}`, text: `No shipping charge on orders over $${FREE_SHIPPING_OVER_AUD}.` },
] as const;

export function WhyChooseUs() {
  return (
    <section className="why-choose-us section" aria-labelledby="why-choose-us-heading">
      <div className="container">
        <h2 id="why-choose-us-heading">Why Choose Us</h2>
        <ul className="reason-grid">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card reason">
              <span className="reason-icon" aria-hidden>
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p className="muted small">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
