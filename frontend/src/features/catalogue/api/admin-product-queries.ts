import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, messageOf } from '../../../api/client';
import type { Product } from '../../../api/types';
import type { AdminCategoryView, CategoryRemovalView } from '../../../../../backend/src/catalogue/contract/catalogue.views';
import type { categoryInputSchema, ProductChanges, ProductInput } from '../../../../../backend/src/catalogue/contract/product-input';
import type { z } from 'zod';
import { catalogueKeys } from './catalogue-queries';
import { ADMIN_DASHBOARD_KEY, useAdminMutation, useAdminQuery } from '../../../api/admin-queries';
import { useReportAdminError } from '../../../state/admin-session';

export const ADMIN_PRODUCTS_KEY = ['/api/admin/products'] as const;

export const useAdminProducts = () => useAdminQuery<Product[]>(ADMIN_PRODUCTS_KEY);
/** Every category not removed, the deactivated ones too (`GET /api/admin/categories`), read fresh on every visit. */
export const ADMIN_CATEGORIES_KEY = ['/api/admin/categories'] as const;
export const useAdminCategories = () => useAdminQuery<AdminCategoryView[]>(ADMIN_CATEGORIES_KEY);

/** Everything a product change can alter: the back office's lists and figures, and the storefront's caches. */
const PRODUCT_REFRESH: readonly (readonly string[])[] = [ADMIN_PRODUCTS_KEY, ADMIN_CATEGORIES_KEY, ADMIN_DASHBOARD_KEY, catalogueKeys.products, catalogueKeys.onSale, catalogueKeys.categories];

export const PRODUCT_CREATE_FAILED = 'Failed to create product. Please try again.';
export const PRODUCT_UPDATE_FAILED = 'Failed to update product. Please try again.';
export const PRODUCT_DELETE_FAILED = 'Failed to delete product. Please try again.';
export const PRODUCT_REMOVED = 'Product removed successfully. Products with order history are deactivated to preserve records.';

/**
 * The server's own words when it refused the request for a reason the admin can act on (a taken SKU,
 * a sale price above the price, an unknown category); null for a server fault or a lost connection.
 */
export function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.isUnauthorized) return null;
  if (error.status < 400 || error.status >= 500) return null;
  return error.serverMessage || null;
}

/** The spec's failure message, followed by the server's reason when it gave one. */
export function failureText(error: unknown, failure: string): string {
  const reason = refusalOf(error);
  if (!reason) return failure;
  return `${failure} ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`;
}

/** A product change: the spec's failure message with the server's reason, and every list it can alter refreshed. */
const productChange = (failure: string) => ({ failure: (error: unknown) => failureText(error, failure), refresh: PRODUCT_REFRESH });

export function useCreateProduct() {
  return useAdminMutation<ProductInput, Product>({
    request: (input) => apiRequest<Product>('POST', '/api/admin/products', input),
    success: { title: 'Product created', description: 'Product created successfully.' },
    ...productChange(PRODUCT_CREATE_FAILED),
  });
}

export function useUpdateProduct() {
  return useAdminMutation<{ productId: number; changes: ProductChanges }, Product>({
    request: ({ productId, changes }) => apiRequest<Product>('PUT', `/api/admin/products/${productId}`, changes),
    success: { title: 'Product updated', description: 'Product updated successfully.' },
    ...productChange(PRODUCT_UPDATE_FAILED),
  });
}

export type RemovalOutcome = 'removed' | 'deactivated';

/**
 * `DELETE /api/admin/products/:id` removes a product no order ever held and only deactivates one
 * with order history; its answer says which (`outcome`), beside the spec's one message for both.
 */
export function useDeleteProduct() {
  return useAdminMutation<Product, RemovalOutcome>({
    request: async (product) => (await apiRequest<{ outcome: RemovalOutcome }>('DELETE', `/api/admin/products/${product.id}`)).outcome,
    success: (outcome, product) => ({
      title: outcome === 'removed' ? `${product.name} deleted` : `${product.name} deactivated (it has order history)`,
      description: PRODUCT_REMOVED,
    }),
    ...productChange(PRODUCT_DELETE_FAILED),
  });
}

export type UploadStep = 'preparing' | 'uploading' | 'saving';

/** A failed PUT to the signed URL, with the server's `{ message }` (not an image, over 10 MB, expired URL). */
async function uploadFailure(response: Response): Promise<ApiError> {
  const bodyText = await response.text().catch(() => '');
  let message = response.statusText || 'The upload failed';
  try {
    const parsed = JSON.parse(bodyText) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    if (bodyText && bodyText.length < 300) message = bodyText;
  }
  return new ApiError(response.status, message, bodyText);
}

/**
 * Checkout spec §7: ask for a signed upload URL, PUT the file's bytes there with its own content
 * type, then register the upload as a product image; its object path becomes the product's imageUrl.
 */
export async function uploadProductImage(file: File, onStep: (step: UploadStep) => void = () => undefined): Promise<string> {
  onStep('preparing');
  const { uploadURL } = await apiRequest<{ uploadURL: string }>('POST', '/api/objects/upload');
  if (!uploadURL) throw new Error('The server gave no upload URL');
  onStep('uploading');
  const response = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
  if (!response.ok) throw await uploadFailure(response);
  onStep('saving');
  const registered = await apiRequest<{ objectPath?: string | null }>('PUT', '/api/product-images', { imageURL: uploadURL });
  // Spec §7: the object path, falling back to the upload URL.
  return registered?.objectPath || uploadURL;
}

/** The upload as a mutation: its busy state, and an ended session reported like any admin call. */
export function useUploadProductImage(onStep: (step: UploadStep) => void) {
  const report = useReportAdminError();
  return useMutation({
    mutationFn: (file: File) => uploadProductImage(file, onStep),
    onError: (error) => {
      report(error);
    },
  });
}

/** What the upload panel says when it failed: the server's reason, or a general one. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isUnauthorized) return 'Your session has ended.';
    return error.serverMessage ? `Upload failed: ${error.serverMessage}` : `Upload failed (${error.status}). Please try again.`;
  }
  return 'Upload failed: the server could not be reached. Please try again.';
}

export type CategoryInput = z.output<typeof categoryInputSchema>;

/** A category created (`POST /api/admin/categories`) or renamed (`PUT /api/admin/categories/:id`); every list showing categories refreshed. */
export function useSaveCategory() {
  return useAdminMutation<{ categoryId: number | null; input: CategoryInput }>({
    request: ({ categoryId, input }) => (categoryId === null ? apiRequest('POST', '/api/admin/categories', input) : apiRequest('PUT', `/api/admin/categories/${categoryId}`, input)),
    success: (_, { categoryId }) => ({ title: categoryId === null ? 'Category created' : 'Category updated', description: categoryId === null ? 'The category is in the shop now.' : 'The category was saved.' }),
    failure: (error) => messageOf(error, 'Failed to save the category. Please try again.'),
    refresh: PRODUCT_REFRESH,
  });
}

/** Removes a category (`DELETE /api/admin/categories/:id`), or deactivates it while it still holds products: the server says which. */
export function useRemoveCategory() {
  return useAdminMutation<{ categoryId: number }, CategoryRemovalView>({
    request: ({ categoryId }) => apiRequest<CategoryRemovalView>('DELETE', `/api/admin/categories/${categoryId}`),
    success: (result) => ({ title: result.outcome === 'removed' ? 'Category removed' : 'Category deactivated', description: result.message }),
    failure: (error) => messageOf(error, 'Failed to remove the category. Please try again.'),
    refresh: PRODUCT_REFRESH,
  });
}

/** A stock count moved by staff (`POST /api/admin/products/:id/stock`): units in or out, and why. */
export function useAdjustStock() {
  return useAdminMutation<{ productId: number; delta: number; reason: string }, Product>({
    request: ({ productId, delta, reason }) => apiRequest<Product>('POST', `/api/admin/products/${productId}/stock`, { delta, reason }),
    success: (product) => ({ title: 'Stock adjusted', description: `${product.name} now has ${product.stock} in stock.` }),
    failure: (error) => failureText(error, 'Failed to adjust the stock. Please try again.'),
    refresh: PRODUCT_REFRESH,
  });
}

/** Active products low in stock (`GET /api/admin/stock/low`); refreshed with the products list. */
export const LOW_STOCK_KEY = [...ADMIN_PRODUCTS_KEY, 'low-stock'] as const;
export const useLowStock = () => useAdminQuery<Product[]>(LOW_STOCK_KEY, '/api/admin/stock/low');
