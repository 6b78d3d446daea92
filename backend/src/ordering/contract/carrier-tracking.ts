import { CARRIERS } from './checkout-rules';

type Carrier = (typeof CARRIERS)[number];

/**
 * Each carrier's public tracking page (checkout spec §9 carriers), with `{n}` standing for the
 * tracking number. Shared by the shipped e-mail and the customer's order page.
 */
const TRACKING_URL_TEMPLATES: Record<Carrier, string> = {
  DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  UPS: 'https://www.ups.com/track?loc=en_AU&tracknum={n}',
  'Thailand Post': 'https://track.thailandpost.co.th/?trackNumber={n}',
  'Kerry Express': 'https://th.kerryexpress.com/en/track/?track={n}',
  'J&T Express': 'https://www.jtexpress.co.th/service/track?billcode={n}',
  'Australia Post': 'https://auspost.com.au/mypost/track/details/{n}',
  StarTrack: 'https://startrack.com.au/track/details/{n}',
};

/** The carrier's tracking page for this number; null for a carrier the shop does not know (recorded before the list). */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber || !(carrier in TRACKING_URL_TEMPLATES)) return null;
  return TRACKING_URL_TEMPLATES[carrier as Carrier].replace('{n}', encodeURIComponent(trackingNumber));
}
