import { FlaskConical, PackagePlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Product } from '../../../api/types';
import { formatAud } from '../../../lib/currencies';
import { isDiscounted, toCents } from '../../../lib/money';
import { LOW_STOCK_THRESHOLD } from '../../../lib/shop';
import { useAdminCategories, useAdminProducts } from '../api/admin-product-queries';
import { SearchField } from '../../../components/ui/admin-ui';
import { AdminTable } from '../../../components/ui/AdminTable';
import { LoadError } from '../../../components/ui/LoadError';
import { AdjustStockDialog } from '../components/AdjustStockDialog';
import { CategoriesPanel } from '../components/CategoriesPanel';
import { DeleteProductDialog } from '../components/DeleteProductDialog';
import { ProductDialog } from '../components/ProductDialog';
import { Button } from '../../../components/ui/Button';
import '../components/admin-products.css';
import { Badge, BadgeTone } from '../../../components/ui/Badge';

const ALL = 'all';

/** Which dialog is open: create, edit one product, or delete one. */
type Editing = { kind: 'create' } | { kind: 'edit'; product: Product } | { kind: 'stock'; product: Product } | { kind: 'delete'; product: Product } | null;

/** Checkout spec §4: above 10 normal, 1 to 10 secondary, 0 destructive. */
function stockBadgeTone(stock: number): BadgeTone {
  if (stock === 0) return 'destructive';
  if (stock <= LOW_STOCK_THRESHOLD) return 'secondary';
  return 'default';
}

/** A small picture of the product, or a vial when it has none; the name beside it says what it is. */
function Thumbnail({ product }: { product: Product }) {
  if (product.imageUrl) return <img className="product-thumb" src={product.imageUrl} alt="" loading="lazy" decoding="async" width={40} height={40} />;
  return (
    <span className="product-thumb product-thumb-empty" aria-hidden>
      <FlaskConical size={18} />
    </span>
  );
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
  const [editing, setEditing] = useState<Editing>(null);
  const categoryFilterId = useId();
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const shown = (products.data ?? []).filter((product) => matches(product, search, categoryId));

  return (
    <section className="stack admin-section" aria-labelledby="products-heading">
      <div className="row between wrap gap products-heading">
        <div>
          <h2 id="products-heading">Product Management</h2>
          <p className="muted">Every product in the catalogue, including inactive ones.</p>
        </div>
        <Button variant="primary" onClick={() => setEditing({ kind: 'create' })}>
          <Plus size={18} aria-hidden /> Add Product
        </Button>
      </div>
      <div className="admin-filters">
        <SearchField label="Search products" placeholder="Search by name or SKU..." value={search} onChange={(event) => setSearch(event.target.value)} />
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
          className="card admin-card admin-products-table"
          caption="Products"
          columns={['Product', 'Category', 'Price', 'Stock', 'Status', 'Actions']}
          isLoading={products.isLoading}
          isEmpty={products.data !== undefined && shown.length === 0}
          emptyText="No products found matching your criteria."
        >
          {shown.map((product) => (
            <tr key={product.id}>
              <td>
                <div className="product-cell">
                  <Thumbnail product={product} />
                  <div>
                    <span className="admin-strong">{product.name}</span>
                    <br />
                    <span className="small muted">{product.sku}</span>
                  </div>
                </div>
              </td>
              <td data-label="Category">{product.categoryId === null ? <span className="muted">None</span> : (categoryName.get(product.categoryId) ?? `#${product.categoryId}`)}</td>
              <td className="admin-number" data-label="Price">
                {isDiscounted(product) ? (
                  <>
                    {formatAud(toCents(product.salePrice!))} <s className="muted small">{formatAud(toCents(product.price))}</s>
                  </>
                ) : (
                  formatAud(toCents(product.price))
                )}
              </td>
              <td data-label="Stock">
                <Badge tone={stockBadgeTone(product.stock)}>{product.stock}</Badge>
              </td>
              <td data-label="Status">
                <Badge tone={product.isActive ? 'success' : 'secondary'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
              </td>
              <td className="product-actions-cell">
                <div className="product-actions">
                  <Button variant="outline" size="sm" aria-label={`Edit ${product.name}`} onClick={() => setEditing({ kind: 'edit', product })}>
                    <Pencil size={15} aria-hidden /> Edit
                  </Button>
                  <Button variant="outline" size="sm" aria-label={`Adjust stock of ${product.name}`} onClick={() => setEditing({ kind: 'stock', product })}>
                    <PackagePlus size={15} aria-hidden /> Stock
                  </Button>
                  <Button variant="outline" size="sm" className="product-delete" aria-label={`Delete ${product.name}`} onClick={() => setEditing({ kind: 'delete', product })}>
                    <Trash2 size={15} aria-hidden /> Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {(editing?.kind === 'create' || editing?.kind === 'edit') && (
        <ProductDialog
          key={editing.kind === 'edit' ? editing.product.id : 'new'}
          product={editing.kind === 'edit' ? editing.product : null}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'stock' && <AdjustStockDialog product={editing.product} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && <DeleteProductDialog product={editing.product} onClose={() => setEditing(null)} />}
      <CategoriesPanel />
    </section>
  );
}
