import { Trash2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useModal } from '../../../components/ui/useModal';
import type { Product } from '../../../api/types';
import { FormError } from '../../../components/ui/form';
import { failureText, PRODUCT_DELETE_FAILED, useDeleteProduct } from '../api/admin-product-queries';
import { Button } from '../../../components/ui/Button';
import { IconButton } from '../../../components/ui/IconButton';

/**
 * Checkout spec §5: deleting asks first, and says what will happen: a product no order ever held
 * is deleted; one with order history is only deactivated, so its orders keep their records.
 * A modal on the native <dialog> like AdminDialog: focus stays inside, Escape cancels, and focus
 * returns to the Delete button that opened it. Cancel has the focus first, the safe choice.
 */
export function DeleteProductDialog({ product, onClose }: { product: Product; onClose(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  // Cancel is focused first: deleting must be a deliberate second step.
  const dialog = useModal(cancel);
  const titleId = useId();
  const descriptionId = useId();
  const remove = useDeleteProduct();
  const [error, setError] = useState<string | null>(null);


  const confirm = () => {
    if (remove.isPending) return;
    setError(null);
    remove.mutate(product, { onSuccess: onClose, onError: (failure) => setError(failureText(failure, PRODUCT_DELETE_FAILED)) });
  };

  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        if (!remove.isPending) onClose();
      }}
    >
      <div className="stack">
        <div className="row between">
          <h2 id={titleId}>Delete {product.name}?</h2>
          <IconButton label="Close" onClick={onClose} disabled={remove.isPending}>
            <X size={18} aria-hidden />
          </IconButton>
        </div>
        <div id={descriptionId} className="stack delete-product-text">
          <p>
            <span className="admin-strong">{product.name}</span> <span className="muted">({product.sku})</span> will be removed from the catalogue.
          </p>
          <p className="muted small">
            A product that is part of any order is not deleted: it is deactivated instead, hidden from the store, so those orders keep their records. A product
            without order history is deleted for good and its SKU can be used again.
          </p>
        </div>
        <FormError message={error} />
        <div className="row gap admin-dialog-actions">
          <Button ref={cancel} variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} aria-disabled={remove.isPending || undefined}>
            <Trash2 size={16} aria-hidden /> {remove.isPending ? 'Deleting...' : 'Delete product'}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
