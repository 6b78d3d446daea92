import { pagePathOf } from './page-paths';

describe('pagePathOf', () => {
  it.each([
    ['/', '/'],
    ['/products', '/products'],
    ['/Products/', '/products'],
    ['/products/12', '/products/:id'],
    ['/product/abc', '/product/:id'],
    ['/orders/lookup', '/orders/lookup'],
    ['/orders/1042', '/orders/:id'],
    ['/admin', '/admin/:tab?/:record?'],
    ['/admin/payments', '/admin/:tab?/:record?'],
    ['/admin/orders/12', '/admin/:tab?/:record?'],
    ['/dashboard/support/7', '/dashboard/support/:id'],
  ])('%s is drawn by %s', (path, pattern) => {
    expect(pagePathOf(path)).toBe(pattern);
  });

  it.each(['/nope', '/products/12/reviews', '/admin/orders/12/items', '/faq.php', '//', '/dashboardx'])('%s is no page', (path) => {
    expect(pagePathOf(path)).toBeNull();
  });
});
