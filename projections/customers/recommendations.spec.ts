import { ProductView } from '../../backend/src/catalogue/contract/catalogue.views';
import { rankRecommendations } from './recommendations';

const product = (id: number, categoryId: number | null, changes: Partial<ProductView> = {}): ProductView =>
  ({ id, name: `Product ${id}`, categoryId, isActive: true, stock: 10, ...changes }) as ProductView;

describe('recommendations', () => {
  const products = [
    product(1, 1),
    product(2, 1),
    product(3, 2),
    product(4, 2),
    product(5, 3),
    product(6, 1, { isActive: false }),
    product(7, 1, { stock: 0 }),
    product(8, 3),
  ];
  const ids = (bought: number[], boughtTogether: [number, number][], unitsSold: [number, number][], limit = 10) =>
    rankRecommendations({ bought: new Set(bought), boughtTogether: new Map(boughtTogether), unitsSold: new Map(unitsSold), products, limit }).map((p) => p.id);

  it('puts what was bought together most often first, then best sellers of the customer\'s categories, then the shop\'s', () => {
    expect(ids([1], [[5, 1], [3, 4]], [[8, 50], [2, 3], [4, 9]])).toEqual([3, 5, 2, 8, 4]);
  });

  it('never offers a product the customer bought, an inactive one or one out of stock', () => {
    expect(ids([1, 3], [[6, 9], [7, 9], [3, 9], [2, 1]], [])).toEqual([2, 4, 5, 8]);
  });

  it('shows a new customer the shop\'s best sellers, within the limit', () => {
    expect(ids([], [], [[4, 7], [8, 2]], 3)).toEqual([4, 8, 1]);
  });
});
