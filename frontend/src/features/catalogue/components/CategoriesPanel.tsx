import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../../api/client';
import type { Category } from '../../../api/types';
import { AdminTable } from '../../../components/ui/AdminTable';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/LoadError';
import { categoryInputSchema } from '../../../../../backend/src/catalogue/contract/product-input';
import { useAdminCategories, useSaveCategory } from '../api/admin-product-queries';

/** The Products tab's categories (issue 21): each with how many active products it holds; create one, or rename one. */
export function CategoriesPanel() {
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const list = categories.data ?? [];
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
        <AdminTable caption="Categories" columns={['Name', 'Description', 'Products', 'Actions']} isLoading={categories.isLoading} isEmpty={categories.data !== undefined && list.length === 0} emptyText="No categories yet">
          {list.map((category) => (
            <tr key={category.id}>
              <td>{category.name}</td>
              <td className="small muted">{category.description ?? '—'}</td>
              <td className="admin-number">{category.productCount}</td>
              <td>
                <Button variant="ghost" size="sm" aria-label={`Edit category ${category.name}`} onClick={() => setEditing(category)}>
                  <Pencil size={16} aria-hidden /> Edit
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {editing !== null && <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
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
