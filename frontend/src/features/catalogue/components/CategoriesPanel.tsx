import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Category } from '../../../api/types';
import { DataTable } from '../../../components/ui/DataTable';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/LoadError';
import { categoryInputSchema } from '../../../../../backend/src/catalogue/contract/product-input';
import { useAdminCategories, useRemoveCategory, useSaveCategory } from '../api/admin-product-queries';
import type { AdminCategoryView } from '../../../../../backend/src/catalogue/contract/catalogue.views';
import { Badge } from '../../../components/ui/Badge';

/**
 * The Products tab's categories (issue 21): each with how many active products it holds and whether the storefront
 * shows it; create, rename, or remove one (one that still holds products is deactivated instead).
 */
export function CategoriesPanel() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminCategoryView | null>(null);
  return (
    <section className="card admin-card stack" id="categories" aria-labelledby="categories-heading">
      <div className="row between wrap gap">
        <h2 id="categories-heading">Categories</h2>
        <Button variant="outline" size="sm" onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden /> Add category
        </Button>
      </div>
      {categories.isError ? (
        <LoadError message={messageOf(categories.error, 'Failed to load categories.')} onRetry={() => categories.refetch()} />
      ) : (
        <DataTable
          caption="Categories"
          columns={[
            { id: 'name', header: 'Name', title: true, sortValue: (category) => category.name, cell: (category) => category.name },
            { id: 'description', header: 'Description', cell: (category) => <span className="small muted">{category.description ?? '—'}</span> },
            { id: 'products', header: 'Products', numeric: true, sortValue: (category) => category.productCount, cell: (category) => category.productCount },
            {
              id: 'storefront',
              header: 'Storefront',
              sortValue: (category) => (category.isActive ? 0 : 1),
              cell: (category) => (category.isActive ? <Badge tone="success">Shown</Badge> : <Badge>Deactivated</Badge>),
            },
            {
              id: 'actions',
              header: 'Actions',
              cell: (category) => (
                <span>
                  <Button variant="ghost" size="sm" aria-label={`Edit category ${category.name}`} onClick={() => setEditing(category)}>
                    <Pencil size={16} aria-hidden /> Edit
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Remove category ${category.name}`} onClick={() => setRemoving(category)}>
                    <Trash2 size={16} aria-hidden /> Remove
                  </Button>
                </span>
              ),
            },
          ]}
          rows={categories.data}
          rowKey={(category) => category.id}
          isLoading={categories.isLoading}
          emptyText="No categories yet"
        />
      )}
      {editing !== null && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {removing !== null && <RemoveCategoryDialog category={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function CategoryDialog({ category, onClose }: { category: Category | null; onClose(): void }) {
  const save = useSaveCategory();
  // The server's own schema: a blank description is none.
  const form = useZodForm(categoryInputSchema, { defaultValues: { name: category?.name ?? '', description: category?.description ?? '' } });
  const { errors } = form.formState;
  return (
    <AdminDialog
      title={category ? `Edit Category ${category.name}` : 'Add Category'}
      submitLabel={category ? 'Save Category' : 'Create Category'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => save.mutate({ categoryId: category?.id ?? null, input }, { onSuccess: onClose }))}
    >
      <Field label="Name" error={errors.name?.message}>
        <input className="input" {...form.register('name')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <textarea className="input" rows={3} {...form.register('description')} />
      </Field>
    </AdminDialog>
  );
}

/** Asks before removing; says beforehand what happens to a category that still holds products. */
function RemoveCategoryDialog({ category, onClose }: { category: AdminCategoryView; onClose(): void }) {
  const remove = useRemoveCategory();
  return (
    <AdminDialog
      title={`Remove category ${category.name}?`}
      description="A category no product is in is removed. One that still holds products, active or not, is deactivated instead: hidden from the storefront and kept for its products until they move to another category."
      submitLabel="Remove category"
      submitVariant="danger"
      busy={remove.isPending}
      onClose={onClose}
      onSubmit={() => remove.mutate({ categoryId: category.id }, { onSuccess: onClose })}
    />
  );
}
