import { formatAustralianPhone, isAustralianPhone, isSydneyMetro, statusMoveRefusal, statusMoves } from './checkout-rules';

describe('checkout rules', () => {
  it('accepts Australian mobiles and landlines in local and international form', () => {
    for (const phone of ['0412345678', '0412 345 678', '+61412345678', '61412345678', '02 9876 5432', '(03) 9876-5432', '+61298765432']) {
      expect(isAustralianPhone(phone)).toBe(true);
    }
    for (const phone of ['041234567', '04123456789', '0912345678', '+1 415 555 0100', '12345', '']) expect(isAustralianPhone(phone)).toBe(false);
  });

  it('formats phones as 04xx xxx xxx and 0x xxxx xxxx while typing', () => {
    expect(formatAustralianPhone('0412345678')).toBe('0412 345 678');
    expect(formatAustralianPhone('04123')).toBe('0412 3');
    expect(formatAustralianPhone('0298765432')).toBe('02 9876 5432');
    expect(formatAustralianPhone('+61412345678')).toBe('+61412345678');
  });

  it('knows Sydney metro by postcode range or by suburb, in NSW only', () => {
    expect(isSydneyMetro({ city: 'Anywhere', state: 'NSW', postalCode: '2000' })).toBe(true);
    expect(isSydneyMetro({ city: 'Campbelltown', state: 'NSW', postalCode: '2560' })).toBe(true);
    expect(isSydneyMetro({ city: 'Penrith', state: 'NSW', postalCode: '2750' })).toBe(true);
    expect(isSydneyMetro({ city: 'North Parramatta', state: 'NSW', postalCode: '2999' })).toBe(true);
    expect(isSydneyMetro({ city: 'Katoomba', state: 'NSW', postalCode: '2780' })).toBe(false);
    expect(isSydneyMetro({ city: 'Newcastle', state: 'NSW', postalCode: '2300' })).toBe(false);
    expect(isSydneyMetro({ city: 'Melbourne', state: 'VIC', postalCode: '3000' })).toBe(false);
    expect(isSydneyMetro({ city: 'Sydney', state: 'VIC', postalCode: '2000' })).toBe(false);
    // Whole names, not letters inside another name.
    expect(isSydneyMetro({ city: 'West Ryde', state: 'NSW', postalCode: '2999' })).toBe(true);
    expect(isSydneyMetro({ city: 'ku-ring-gai', state: 'NSW', postalCode: '2999' })).toBe(true);
    expect(isSydneyMetro({ city: 'Macquarie Park, NSW', state: 'NSW', postalCode: '2999' })).toBe(true);
    expect(isSydneyMetro({ city: 'Dryden', state: 'NSW', postalCode: '2999' })).toBe(false);
    expect(isSydneyMetro({ city: 'Bondington', state: 'NSW', postalCode: '2999' })).toBe(false);
    expect(isSydneyMetro({ city: 'Manlyville', state: 'NSW', postalCode: '2999' })).toBe(false);
  });
});

describe('order status moves', () => {
  it('go forward, cancel only before shipping, and end at delivered or cancelled', () => {
    expect(statusMoves('pending')).toEqual(['processing', 'shipped', 'delivered', 'cancelled']);
    expect(statusMoves('processing')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(statusMoves('shipped')).toEqual(['delivered']);
    expect(statusMoves('delivered')).toEqual([]);
    expect(statusMoves('cancelled')).toEqual([]);
  });

  it('say why a move is refused, and nothing for a move allowed or no move at all', () => {
    expect(statusMoveRefusal(7, 'shipped', 'processing')).toBe('Order 7 is shipped; it cannot go back to processing');
    expect(statusMoveRefusal(7, 'shipped', 'cancelled')).toBe('Order 7 has shipped; it can no longer be cancelled');
    expect(statusMoveRefusal(7, 'delivered', 'shipped')).toBe('Order 7 is delivered; its status can no longer change');
    expect(statusMoveRefusal(7, 'processing', 'shipped')).toBeNull();
    expect(statusMoveRefusal(7, 'processing', 'processing')).toBeNull();
  });
});
