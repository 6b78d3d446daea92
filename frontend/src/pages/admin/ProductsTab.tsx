import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { messageOf } from '../../api/client';
import type { Product } from '../../api/types';
import { formatAud } from '../../lib/currencies';
import { isDiscounted, toCents } from '../../lib/money';
import { LOW_STOCK_THRESHOLD } from '../../lib/shop';
import { useAdminCategories, useAdminProducts } from './admin-data';
import { AdminTable, LoadError } from './admin-ui';

const ALL = 'all';

/** Checkout spec §4: above 10 normal, 1 to 10 secondary, 0 destructive. */
function stockBadgeClass(stock: number): string {
  if (stock === 0) return 'badge-destructive';
  if (stock <= LOW_STOCK_THRESHOLD) return 'badge-secondary';
  return '';
}

function matches(product: Product, search: string, categoryId: string): boolean {
  const term = search.trim().toLowerCase();
  const inCategory = categoryId === ALL || String(product.categoryId) === categoryId;
  return inCategory && (!term || product.name.toLowerCase().includes(term) || product.sku.toLowerCase().includes(term));
}

export function ProductsTab() {
  const products = useAdminProducts();
  const categories = useAdminCategories();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState(ALL);
  const searchId = useId();
  const categoryFilterId = useId();
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const shown = (products.data ?? []).filter((product) => matches(product, search, categoryId));

  return (
    <section className="stack admin-section" aria-labelledby="products-heading">
      <div>
        <h2 id="products-heading">Product Management</h2>
        <p className="muted">Every product in the catalogue, including inactive ones.</p>
      </div>
      <div className="admin-filters">
        <div className="field admin-search">
          <label htmlFor={searchId} className="sr-only">
            Search products
          </label>
          <Search size={18} aria-hidden className="admin-search-icon" />
          <input id={searchId} className="input" type="search" placeholder="Search by name or SKU..." value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={categoryFilterId} className="sr-only">
            Filter by category
          </label>
          <select id={categoryFilterId} className="select" value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value={ALL}>All Categories</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {products.isError ? (
        <LoadError message={messageOf(products.error, 'Failed to load products.')} onRetry={() => products.refetch()} />
      ) : (
        <AdminTable
          className="card admin-card"
          caption="Products"
          columns={['Product', 'Category', 'Price', 'Stock', 'Status']}
          isLoading={products.isLoading}
          isEmpty={products.data !== undefined && shown.length === 0}
          emptyText="No products found matching your criteria."
        >
          {shown.map((product) => (
            <tr key={product.id}>
              <td>
                <span className="admin-strong">{product.name}</span>
                <br />
                <span className="small muted">{product.sku}</span>
              </td>
              <td>{product.categoryId === null ? <span className="muted">None</span> : (categoryName.get(product.categoryId) ?? `#${product.categoryId}`)}</td>
              <td className="admin-number">
                {isDiscounted(product) ? (
                  <>
                    {formatAud(toCents(product.salePrice!))} <s className="muted small">{formatAud(toCents(product.price))}</s>
                  </>
                ) : (
                  formatAud(toCents(product.price))
                )}
              </td>
              <td>
                <span className={`badge ${stockBadgeClass(product.stock)}`}>{product.stock}</span>
              </td>
              <td>
                <span className={`badge ${product.isActive ? 'badge-success' : 'badge-secondary'}`}>{product.isActive ? 'Active' : 'Inactive'}</span>
              </td>
            </tr>
          ))}
    </AdminTable>
      )}
    </section>
  );
}
