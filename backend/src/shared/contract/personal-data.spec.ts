import { personalFieldsOf, valueAt, withValuesAt } from './personal-data';

describe('withValuesAt', () => {
  const event = { orderId: 7, customerEmail: 'ada@example.com', shippingAddress: { fullName: 'Ada', street: '1 Long St', city: 'Sydney' }, items: [{ productId: 1 }] };

  it('replaces top-level and nested fields in one copy, leaving the original as it was', () => {
    const before = structuredClone(event);
    const changed = withValuesAt(event, [
      ['customerEmail', '[sealed]'],
      ['shippingAddress.fullName', '[sealed]'],
      ['shippingAddress.street', '[sealed]'],
    ]);
    expect(changed).toEqual({ ...event, customerEmail: '[sealed]', shippingAddress: { fullName: '[sealed]', street: '[sealed]', city: 'Sydney' } });
    expect(event).toEqual(before);
    expect(changed.shippingAddress).not.toBe(event.shippingAddress);
    // What it did not touch is shared, not copied.
    expect(changed.items).toBe(event.items);
  });

  it('leaves out paths the data does not have (no field is added)', () => {
    const changed = withValuesAt(event, [
      ['deliveryInstructions', '[sealed]'],
      ['shippingAddress.postcode', '[sealed]'],
      ['missing.deeper', '[sealed]'],
    ]);
    expect(changed).toEqual(event);
    expect(Object.keys(changed)).toEqual(Object.keys(event));
  });

  it('answers what it was given when that is not an object', () => {
    expect(withValuesAt(null, [['a', 1]])).toBeNull();
    expect(withValuesAt('text', [['a', 1]])).toBe('text');
  });

  it('puts back what valueAt read, for every personal field of an order', () => {
    const fields = personalFieldsOf('order-7', 'OrderPlaced', event)!;
    const values = fields.paths.map((path) => [path, valueAt(event, path)] as const).filter(([, value]) => value !== undefined);
    const blanked = withValuesAt(event, values.map(([path]) => [path, '[sealed]'] as const));
    expect(withValuesAt(blanked, values)).toEqual(event);
  });
});
