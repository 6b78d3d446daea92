import { trackingUrl } from './carrier-tracking';
import { CARRIERS } from './checkout-rules';

describe('trackingUrl', () => {
  it('links every carrier the back office offers to its own tracking page, the number encoded', () => {
    for (const carrier of CARRIERS) expect(trackingUrl(carrier, 'AB 12/3')).toMatch(/^https:\/\/[^ ]+AB%2012%2F3/);
    expect(trackingUrl('Australia Post', '33XYZ0001234')).toBe('https://auspost.com.au/mypost/track/details/33XYZ0001234');
    expect(trackingUrl('StarTrack', 'ABC1234567')).toBe('https://startrack.com.au/track/details/ABC1234567');
  });

  it('has no link for a carrier it does not know or without a number', () => {
    expect(trackingUrl('Pigeon Post', '1')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
    expect(trackingUrl(null, '1')).toBeNull();
  });
});
