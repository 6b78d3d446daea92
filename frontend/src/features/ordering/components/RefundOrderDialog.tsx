import { useMemo } from 'react';
import { z } from 'zod';
import { refundSchema } from '../../../../../backend/src/ordering/contract/back-office-input';
import { isCryptoPaymentMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import type { Order } from '../../../api/types';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { useRefundOrder } from '../api/admin-order-queries';

/** What is left to give back: the total less what was refunded (the server decides again). */
export const refundableCents = (order: Pick<Order, 'totalAmount' | 'refundedAmount'>) => toCents(order.totalAmount) - toCents(order.refundedAmount);

/** The coin the order was paid in (a payment in another coin than the order's counts under that coin), or null for cash. */
const paidCoinOf = (order: Order) => {
  const paidWith = (order as Order & { paidWith?: string | null }).paidWith ?? null;
  const method = paidWith ?? order.paymentMethod;
  return isCryptoPaymentMethod(method) ? method : null;
};

/**
 * Issue 21: a full or partial refund of a paid order. Crypto goes back to an address the customer gives, in the
 * coin paid with: staff send it from the shop's wallet first, then record it here with its transaction.
 */
/** `suggested`: the amount to offer (a received return's), when less than what is left. */
export function RefundOrderDialog({ order, suggested, onClose }: { order: Order; suggested?: string; onClose(): void }) {
  const refund = useRefundOrder();
  const coin = paidCoinOf(order);
  const left = refundableCents(order);
  // The server's own rules for each field (refundSchema), plus what this order allows.
  const schema = useMemo(
    () =>
      z
        .object({
          amount: refundSchema.shape.amount,
          reason: refundSchema.shape.reason,
          restock: z.boolean(),
          refundAddress: z.string().trim().max(100),
          txHash: z.string().trim().max(200),
        })
        .superRefine((values, context) => {
          if (toCents(values.amount) > left) context.addIssue({ code: 'custom', path: ['amount'], message: `At most ${formatAud(left)} can still be refunded` });
          if (coin !== null && !values.refundAddress) context.addIssue({ code: 'custom', path: ['refundAddress'], message: 'Enter the address the customer gave' });
          if (coin !== null && !values.txHash) context.addIssue({ code: 'custom', path: ['txHash'], message: 'Send the refund first, then enter its transaction hash' });
        }),
    [coin, left],
  );
  const form = useZodForm(schema, { defaultValues: { amount: (Math.min(left, suggested ? toCents(suggested) : left) / 100).toFixed(2), reason: suggested ? 'Returned items received' : '', restock: false, refundAddress: '', txHash: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ amount, reason, restock, refundAddress, txHash }) =>
    refund.mutate({ orderId: order.id, amount, reason, restock, refundAddress: coin ? refundAddress : null, txHash: coin ? txHash : null }, { onSuccess: onClose }),
  );

  return (
    <AdminDialog
      title={`Refund order #${order.id}`}
      description={
        <>
          Paid {formatAud(toCents(order.totalAmount))} in {paymentMethodLabel(coin ?? order.paymentMethod)}
          {toCents(order.refundedAmount) > 0 && <>; {formatAud(toCents(order.refundedAmount))} refunded already</>}. The customer is e-mailed, and revenue goes down by the refund.
        </>
      }
      submitLabel="Record refund"
      submitVariant="danger"
      busy={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Amount (A$)" required error={errors.amount?.message}>
        <input className="input" inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      <Field label="Reason" required error={errors.reason?.message}>
        <textarea className="textarea" rows={2} {...form.register('reason')} />
      </Field>
      {coin !== null && (
        <>
          <Field label={`Customer's ${paymentMethodLabel(coin)} address`} required error={errors.refundAddress?.message}>
            <input className="input" autoComplete="off" spellCheck={false} {...form.register('refundAddress')} />
          </Field>
          <Field label="Refund transaction hash" required error={errors.txHash?.message}>
            <input className="input" autoComplete="off" spellCheck={false} {...form.register('txHash')} />
          </Field>
        </>
      )}
      <Field label="Put the items back on sale" inline>
        <input type="checkbox" {...form.register('restock')} />
      </Field>
    </AdminDialog>
  );
}
