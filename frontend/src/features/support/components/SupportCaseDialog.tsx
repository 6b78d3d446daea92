import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useModal } from '../../../components/ui/useModal';
import {
  DEFAULT_SUPPORT_PRIORITY,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGES,
  SUPPORT_PRIORITIES,
  supportCaseInputSchema,
} from '../../../../../backend/src/customers/contract/support-input';
import type { SupportCategory } from '../../../../../backend/src/customers/contract/support-input';
import { ApiError } from '../../../api/client';
import { useRedirectToLoginWhenSignedOut, useAuth } from '../../identity';
import { Field, useZodForm } from '../../../components/ui/form';
import { useToast } from '../../../state/toast';
import { useCreateSupportCase } from '../api/support-queries';
import { AttachmentPicker, useImagePicker } from '../../media';
import { Button } from '../../../components/ui/Button';
import './support.css';
import { IconButton } from '../../../components/ui/IconButton';

const caseFieldsSchema = supportCaseInputSchema.omit({ attachments: true });
const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' } as const;

/**
 * Checkout spec §2, §5, §8: the Create Support Case form. Submitting disables the button and shows
 * 'Creating Case...'; on success the form resets, the images clear, the list is read again and the
 * dialog closes. Signed out, the customer is told and sent to sign in (500 ms).
 * `defaultOrderId` shows the Order ID field, filled with it (spec: shown only when one is supplied).
 */
/** What a case opened from elsewhere starts with (the order page's "Ask to cancel and refund"): the customer can still change it. */
export interface SupportCasePreset {
  subject: string;
  description: string;
  category: SupportCategory;
}

export function SupportCaseDialog({ open, onClose, defaultOrderId, preset }: { open: boolean; onClose(): void; defaultOrderId?: number; preset?: SupportCasePreset }) {
  if (!open) return null;
  return <SupportCaseForm onClose={onClose} defaultOrderId={defaultOrderId} preset={preset} />;
}

function SupportCaseForm({ onClose, defaultOrderId, preset }: { onClose(): void; defaultOrderId?: number; preset?: SupportCasePreset }) {
  // Opened modally: focus stays inside, Escape closes; focus returns to the opener afterwards.
  const dialog = useModal();
  const titleId = useId();
  const toast = useToast();
  const { isLoading, isAuthenticated } = useAuth();
  const [sessionEnded, setSessionEnded] = useState(false);
  useRedirectToLoginWhenSignedOut(sessionEnded || (!isLoading && !isAuthenticated));
  const picker = useImagePicker();
  const create = useCreateSupportCase();
  const defaults = { subject: preset?.subject ?? '', description: preset?.description ?? '', priority: DEFAULT_SUPPORT_PRIORITY, orderId: defaultOrderId ?? null, ...(preset ? { category: preset.category } : {}) };
  const form = useZodForm(caseFieldsSchema, { defaultValues: defaults });
  const { errors } = form.formState;


  const close = () => {
    if (!create.isPending) onClose();
  };

  const submit = form.handleSubmit((fields) =>
    create.mutate(
      { fields, images: picker.images },
      {
        onSuccess: (opened) => {
          form.reset(defaults);
          picker.clear();
          toast({ title: 'Support Case Created', description: `Case #${opened.id}: we will reply here and by e-mail.`, variant: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isUnauthorized) return setSessionEnded(true);
          toast({ title: 'Error', description: SUPPORT_MESSAGES.createFailed, variant: 'destructive' });
        },
      },
    ),
  );

  const busy = create.isPending;
  return (
    <dialog
      ref={dialog}
      className="support-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <div className="row between support-dialog-heading">
          <h2 id={titleId}>Create Support Case</h2>
          <IconButton label="Close" onClick={close}>
            <X size={18} aria-hidden />
          </IconButton>
        </div>
        <p className="muted small">Tell us what happened. We answer here, on your dashboard, and let you know by e-mail.</p>
        <Field label="Subject" required error={errors.subject?.message}>
          <input className="input" maxLength={200} autoComplete="off" {...form.register('subject')} />
        </Field>
        <div className="support-dialog-pair">
          <Field label="Category" required error={errors.category?.message}>
            <select className="select" defaultValue="" {...form.register('category')}>
              <option value="" disabled>
                Select a category
              </option>
              {SUPPORT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SUPPORT_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Priority" error={errors.priority?.message}>
            <select className="select" {...form.register('priority')}>
              {SUPPORT_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {defaultOrderId !== undefined && (
          <Field label="Order ID" error={errors.orderId?.message}>
            <input className="input" type="number" inputMode="numeric" min={1} {...form.register('orderId', { setValueAs: (value) => (value === '' || value === null ? null : Number(value)) })} />
          </Field>
        )}
        <Field label="Description" required hint="At least 10 characters." error={errors.description?.message}>
          <textarea className="textarea" rows={5} maxLength={5000} {...form.register('description')} />
        </Field>
        <AttachmentPicker picker={picker} disabled={busy} />
        <div className="row gap support-dialog-actions">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Creating Case...' : 'Create Case'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
