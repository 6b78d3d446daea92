import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it.each(['/checkout', '/products/12', '/search?q=bpc', '/admin/orders?search=grace+hopper&page=2'])('keeps a path of this shop: %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([undefined, 42, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/api/logout', 'checkout', '/<script>', '/a'.repeat(200)])('sends anything else home: %s', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});
