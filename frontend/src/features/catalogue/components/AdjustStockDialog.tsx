import { Link } from 'react-router-dom';
import { z } from 'zod';
import { stockAdjustmentSchema } from '../../../../../backend/src/catalogue/contract/product-input';
import type { Product } from '../../../api/types';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { useAdjustStock } from '../api/admin-product-queries';

/** Why a count moves (issue 21): the usual reasons, and a note of the staff member's own for anything else. */
export const STOCK_REASONS = ['Received from supplier', 'Damaged', 'Count correction', 'Returned by customer', 'Other'] as const;

const adjustFormSchema = z
  .object({
    delta: z.coerce
      .number({ message: 'Enter how many units come in (positive) or go out (negative).' })
      .int('Whole units only.')
      .refine((value) => value !== 0, 'Enter how many units come in (positive) or go out (negative).')
      // Then the server's own bounds.
      .pipe(stockAdjustmentSchema.shape.delta),
    reason: z.enum(STOCK_REASONS),
    note: z.string().trim().max(150),
  })
  .refine((values) => values.reason !== 'Other' || values.note !== '', { path: ['note'], message: 'Say why the stock changes.' });

/** Moves a product's stock with a reason; the product's history in the audit log shows every move and who made it. */
export function AdjustStockDialog({ product, onClose }: { product: Product; onClose(): void }) {
  const adjust = useAdjustStock();
  const form = useZodForm(adjustFormSchema, { defaultValues: { delta: '' as unknown as number, reason: 'Received from supplier', note: '' } });
  const { errors } = form.formState;
  return (
    <AdminDialog
      title={`Adjust stock of ${product.name}`}
      description={
        <>
          {product.stock} in stock now. <Link to={`/admin/audit?stream=product-${product.id}`}>Stock history</Link>
        </>
      }
      submitLabel="Adjust stock"
      busy={adjust.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit(({ delta, reason, note }) =>
        adjust.mutate({ productId: product.id, delta, reason: note ? `${reason}: ${note}` : reason }, { onSuccess: onClose }),
      )}
    >
      <Field label="Units in (+) or out (−)" error={errors.delta?.message}>
        <input className="input" type="number" step={1} inputMode="numeric" {...form.register('delta')} />
      </Field>
      <Field label="Reason" error={errors.reason?.message}>
        <select className="input" {...form.register('reason')}>
          {STOCK_REASONS.map((reason) => (
            <option key={reason}>{reason}</option>
          ))}
        </select>
      </Field>
      <Field label="Note" error={errors.note?.message}>
        <input className="input" {...form.register('note')} placeholder="Delivery note, batch, what happened" />
      </Field>
    </AdminDialog>
  );
}
