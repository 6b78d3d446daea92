import { useEffect, useMemo, useState } from 'react';
import type { Category, Product } from '../../../api/types';
import { Field, FormError, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { AdminDialog } from '../../../components/ui/Dialog';
import { ImageUpload } from './ImageUpload';
import { failureText, PRODUCT_CREATE_FAILED, PRODUCT_UPDATE_FAILED, refusalOf, useCreateProduct, useUpdateProduct } from '../api/admin-product-queries';
import { EMPTY_PRODUCT_FORM, NO_CATEGORY, parseBadges, productFormSchema, ProductFormValues, productToFormValues, toChangesPayload, toCreatePayload } from './product-form';

/**
 * The back office's create and edit dialog (checkout spec §2, §5). Create sends the whole product;
 * edit sends only the fields the admin changed, so anything the dialog did not touch keeps its value.
 */
export function ProductDialog({ product, categories, onClose }: { product: Product | null; categories: (Category & { isActive?: boolean })[]; onClose(): void }) {
  const editing = product !== null;
  const toast = useToast();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const initial = useMemo(() => (product ? productToFormValues(product) : EMPTY_PRODUCT_FORM), [product]);
  const form = useZodForm(productFormSchema, { defaultValues: initial });
  const { errors, dirtyFields } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const isOnSale = form.watch('isOnSale');
  const imageUrl = form.watch('imageUrl');
  const badges = parseBadges(form.watch('badges') ?? '');
  const busy = create.isPending || update.isPending;

  // The dialog opens with the first field ready to type in (showModal would focus the Close button).
  const { setFocus, setValue, getValues } = form;
  useEffect(() => setFocus('name'), [setFocus]);
  // Should the categories arrive after the dialog opened, the select shows the product's own again.
  useEffect(() => setValue('categoryId', getValues('categoryId')), [categories, setValue, getValues]);

  /** A refusal the admin can act on is shown here too: toasts sit beneath the modal's backdrop. */
  const failed = (failure: string) => (error: unknown) => {
    const reason = refusalOf(error);
    if (reason && /\bSKU\b/i.test(reason)) form.setError('sku', { type: 'server', message: reason });
    setServerError(failureText(error, failure));
  };

  const save = (values: ProductFormValues) => {
    setServerError(null);
    if (!product) {
      create.mutate(toCreatePayload(values), { onSuccess: onClose, onError: failed(PRODUCT_CREATE_FAILED) });
      return;
    }
    const changes = toChangesPayload(values, dirtyFields, initial);
    if (Object.keys(changes).length === 0) {
      toast({ title: 'No changes', description: `Nothing was changed, so ${product.name} was left as it is.` });
      onClose();
      return;
    }
    update.mutate({ productId: product.id, changes }, { onSuccess: onClose, onError: failed(PRODUCT_UPDATE_FAILED) });
  };

  const hintPrice = 'AUD, e.g. 49.90';
  return (
    <AdminDialog
      title={editing ? `Edit ${product.name}` : 'Add Product'}
      description={editing ? 'Only the fields you change are saved; the rest keep their current values.' : 'Fields marked * are required.'}
      submitLabel={editing ? 'Save Changes' : 'Create Product'}
      busy={busy}
      onSubmit={form.handleSubmit(save)}
      onClose={onClose}
    >
      <div className="product-form">
        <Field label="Name" required error={errors.name?.message} className="product-form-wide">
          <input className="input" autoComplete="off" maxLength={200} {...form.register('name')} />
        </Field>
        <Field label="SKU" required error={errors.sku?.message}>
          <input className="input" autoComplete="off" maxLength={64} spellCheck={false} {...form.register('sku')} />
        </Field>
        <Field label="Category">
          <select className="select" {...form.register('categoryId')}>
            <option value={NO_CATEGORY}>No category</option>
            {/* A deactivated category takes no new products; a product already in one keeps it. */}
            {categories
              .filter((category) => category.isActive !== false || category.id === product?.categoryId)
              .map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.isActive === false ? `${category.name} (deactivated)` : category.name}
                </option>
              ))}
          </select>
        </Field>
        <Field label="Price (AUD)" required hint={hintPrice} error={errors.price?.message}>
          <input className="input" type="number" inputMode="decimal" step="0.01" min="0" {...form.register('price')} />
        </Field>
        <Field label="Stock" required hint="Units in stock" error={errors.stock?.message}>
          <input className="input" type="number" inputMode="numeric" step="1" min="0" {...form.register('stock')} />
        </Field>
        <div className="product-form-sale product-form-wide">
          <Field label="On Sale" inline hint="Shows the sale price in the store, with the price struck through.">
            <input type="checkbox" {...form.register('isOnSale')} />
          </Field>
          {isOnSale && (
            <Field label="Sale price (AUD)" required hint="Lower than the price" error={errors.salePrice?.message}>
              <input className="input" type="number" inputMode="decimal" step="0.01" min="0" {...form.register('salePrice')} />
            </Field>
          )}
        </div>
        <Field label="Description" error={errors.description?.message} className="product-form-wide">
          <textarea className="textarea" maxLength={5000} rows={3} {...form.register('description')} />
        </Field>
        <Field label="Dosage" hint="e.g. 5mg" error={errors.dosage?.message}>
          <input className="input" autoComplete="off" maxLength={100} {...form.register('dosage')} />
        </Field>
        <Field label="Grade" hint="e.g. Research Grade" error={errors.grade?.message}>
          <input className="input" autoComplete="off" maxLength={100} {...form.register('grade')} />
        </Field>
        <Field label="Contents" hint="What the package holds" error={errors.contents?.message} className="product-form-wide">
          <input className="input" autoComplete="off" maxLength={500} {...form.register('contents')} />
        </Field>
        <div className="product-form-wide stack product-form-badges">
          <Field label="Badges" hint="Separated by commas, e.g. Hot, Bestseller (at most 10)" error={errors.badges?.message}>
            <input className="input" autoComplete="off" {...form.register('badges')} />
          </Field>
          {badges.length > 0 && (
            <ul className="badges product-form-chips" aria-label="Badges as they will be saved">
              {badges.map((badge) => (
                <li key={badge} className="badge">
                  {badge}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="product-form-wide product-form-image">
          {imageUrl && !errors.imageUrl && <img src={imageUrl} alt="Current product image" className="product-form-thumb" />}
          <div className="stack product-form-image-fields">
            <Field label="Image URL" hint="Upload an image below, or enter a path or https:// address. Leave empty for no image." error={errors.imageUrl?.message}>
              <input className="input" autoComplete="off" maxLength={2048} spellCheck={false} {...form.register('imageUrl')} />
            </Field>
            <ImageUpload onUploaded={(path) => form.setValue('imageUrl', path, { shouldDirty: true, shouldValidate: true })} />
          </div>
        </div>
        <Field label="Active" inline hint="Inactive products are hidden from the store." className="product-form-wide">
          <input type="checkbox" {...form.register('isActive')} />
        </Field>
      </div>
      <FormError message={serverError} />
    </AdminDialog>
  );
}
