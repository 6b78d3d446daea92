import { adminCookie } from '../test/support/http-client';

export interface SeededCatalogue {
  /** Every active product id, demo and bench. */
  productIds: number[];
  /** Products created by the bench, with stock enough for every order the bench places. */
  benchProductIds: number[];
}

const SEED_CONCURRENCY = 8;
const BENCH_STOCK = 1_000_000;

/** Fills the demo shop up to `size` products through the admin API, as an administrator would. */
export async function seedCatalogue(baseUrl: string, size: number): Promise<SeededCatalogue> {
  const cookie = await adminCookie(baseUrl);
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { id: number }[];
  const existing = (await (await fetch(`${baseUrl}/api/products`)).json()) as { id: number; sku: string }[];
  // Numbered after the bench products already there, so a folder can be filled further.
  const first = existing.filter((product) => product.sku.startsWith('BENCH-')).length + 1;
  const numbers = Array.from({ length: Math.max(0, size - existing.length) }, (_, i) => first + i);
  const benchProductIds: number[] = [];

  const createNext = async (): Promise<void> => {
    for (let n = numbers.shift(); n !== undefined; n = numbers.shift()) {
      const price = 40 + (n % 17) * 7.5;
      const response = await fetch(`${baseUrl}/api/admin/products`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({
          name: `Bench Peptide ${n}`,
          sku: `BENCH-${String(n).padStart(4, '0')}`,
          description: `Lyophilised research peptide number ${n}, supplied in a sealed vial with a certificate of analysis. For laboratory research use only; not for human consumption.`,
          price: price.toFixed(2),
          salePrice: n % 5 === 0 ? (price * 0.8).toFixed(2) : null,
          isOnSale: n % 5 === 0,
          stock: BENCH_STOCK,
          grade: 'Research grade',
          dosage: `${(n % 10) + 1} mg`,
          contents: '1 vial',
          badges: n % 7 === 0 ? ['Best seller'] : [],
          categoryId: categories.length ? categories[n % categories.length].id : null,
        }),
      });
      if (response.status !== 201) throw new Error(`Creating bench product ${n} failed with ${response.status}: ${await response.text()}`);
      benchProductIds.push(((await response.json()) as { id: number }).id);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, createNext));

  const productIds = ((await (await fetch(`${baseUrl}/api/products`)).json()) as { id: number }[]).map((p) => p.id);
  if (productIds.length !== size) throw new Error(`Expected ${size} products after seeding, found ${productIds.length}`);
  return { productIds, benchProductIds };
}
