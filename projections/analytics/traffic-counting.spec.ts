import { countFunnelStep, countPageView, orderCountChange, Visit } from './traffic-counting';

describe('Counting a visitor’s day', () => {
  const view = (path: string, source = 'Direct', device: 'desktop' | 'mobile' | 'tablet' = 'desktop') => ({ path, source, device });

  it('counts a first view as a new visitor of its page, source, device and export row', () => {
    const { visit, count } = countPageView(null, view('/', 'google.com', 'mobile'));
    expect(count).toEqual({ source: 'google.com', entrySource: 'google.com', newVisitor: true, newPage: true, newSource: true, newDevice: true, newRow: true, newProductView: false });
    expect(visit.entrySource).toBe('google.com');
  });

  it('counts a view of a page already seen that day as a view, not a visitor', () => {
    const first = countPageView(null, view('/products'));
    const { count } = countPageView(first.visit, view('/products'));
    expect(count).toMatchObject({ newVisitor: false, newPage: false, newSource: false, newDevice: false, newRow: false });
  });

  it('counts a view without a source of its own under the visit’s entry source', () => {
    const landing = countPageView(null, view('/', 'newsletter'));
    const { count } = countPageView(landing.visit, view('/products/3'));
    expect(count).toMatchObject({ source: 'newsletter', entrySource: 'newsletter', newPage: true, newSource: false, newRow: true });
  });

  it('counts a later view from another site under that site, and keeps the entry source for the funnel', () => {
    const landing = countPageView(null, view('/'));
    const { visit, count } = countPageView(landing.visit, view('/faq', 'reddit.com'));
    expect(count).toMatchObject({ source: 'reddit.com', entrySource: 'Direct', newSource: true });
    expect(visit.entrySource).toBe('Direct');
  });

  it('counts a visitor at the funnel’s first step once a day, on their first product page', () => {
    const first = countPageView(null, view('/products/3'));
    const second = countPageView(first.visit, view('/product/4'));
    expect([first.count.newProductView, second.count.newProductView]).toEqual([true, false]);
    expect(countPageView(null, view('/products')).count.newProductView).toBe(false);
  });

  it('counts each funnel step once a day, under the entry source, Direct when the step came before any view', () => {
    const landing = countPageView(null, view('/', 'google.com')).visit;
    const added = countFunnelStep(landing, 'add_to_cart');
    expect(added).toMatchObject({ entrySource: 'google.com', first: true });
    expect(countFunnelStep(added.visit, 'add_to_cart').first).toBe(false);
    expect(countFunnelStep(added.visit, 'checkout_started').first).toBe(true);
    const stepFirst = countFunnelStep(null, 'checkout_started');
    expect(stepFirst).toMatchObject({ entrySource: 'Direct', first: true });
    expect(countPageView(stepFirst.visit, view('/', 'bing.com')).count).toMatchObject({ entrySource: 'Direct', newVisitor: false });
  });

  it('never changes the visit it was given', () => {
    const visit: Visit = { entrySource: 'Direct', counted: ['page /'], steps: [] };
    countPageView(visit, view('/products/1'));
    countFunnelStep(visit, 'add_to_cart');
    expect(visit).toEqual({ entrySource: 'Direct', counted: ['page /'], steps: [] });
  });
});

describe('Counting an attributed order', () => {
  it('counts an order placed once attributed, paid with its revenue once paid, and takes both back when the payment no longer counts', () => {
    expect(orderCountChange(null, false, 12_900)).toEqual({ now: null, change: { ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 } });
    const placed = orderCountChange(null, true, 0);
    expect(placed.change).toEqual({ ordersPlaced: 1, ordersPaid: 0, revenueCents: 0 });
    const paid = orderCountChange(placed.now, true, 12_900);
    expect(paid.change).toEqual({ ordersPlaced: 0, ordersPaid: 1, revenueCents: 12_900 });
    expect(orderCountChange(paid.now, true, 12_900).change).toEqual({ ordersPlaced: 0, ordersPaid: 0, revenueCents: 0 });
    expect(orderCountChange(paid.now, true, 0).change).toEqual({ ordersPlaced: 0, ordersPaid: -1, revenueCents: -12_900 });
  });

  it('counts an order attributed after it was paid as placed and paid at once', () => {
    expect(orderCountChange(null, true, 5_000).change).toEqual({ ordersPlaced: 1, ordersPaid: 1, revenueCents: 5_000 });
  });
});
