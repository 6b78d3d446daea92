import { X } from 'lucide-react';
import { FormEvent, ReactNode, useId } from 'react';
import { useModal } from './useModal';
import { Button, type ButtonVariant } from './Button';
import { IconButton } from './IconButton';

function DialogHeading({ id, title, onClose }: { id: string; title: string; onClose(): void }) {
  return (
    <div className="row between admin-dialog-heading">
      <h2 id={id}>{title}</h2>
      <IconButton label="Close" onClick={onClose}>
        <X size={18} aria-hidden />
      </IconButton>
    </div>
  );
}

/** A modal form: Cancel (or `cancelLabel`), and a submit button that shows it is busy. */
export function AdminDialog({
  title,
  description,
  submitLabel,
  submitVariant = 'primary',
  cancelLabel = 'Cancel',
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** The button that closes without doing anything ("Keep order" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  busy: boolean;
  /** Receives the submit event, e.g. react-hook-form's `handleSubmit(...)`. */
  onSubmit(event: FormEvent): void;
  onClose(): void;
  children?: ReactNode;
}) {
  const dialog = useModal();
  const titleId = useId();
  const descriptionId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(event);
  };

  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} className="stack" noValidate>
        <DialogHeading id={titleId} title={title} onClose={onClose} />
        {description && (
          <div id={descriptionId} className="muted small admin-dialog-description">
            {description}
          </div>
        )}
        {children}
        <div className="row gap admin-dialog-actions">
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={submitVariant} disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** A modal that shows something (details, a history) with a Close button; `actions` go beside it. */
export function InfoDialog({ title, wide = false, onClose, actions, children }: { title: string; wide?: boolean; onClose(): void; actions?: ReactNode; children: ReactNode }) {
  const dialog = useModal();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className={`admin-dialog ${wide ? 'admin-dialog-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="stack">
        <DialogHeading id={titleId} title={title} onClose={onClose} />
        {children}
        <div className="row gap wrap admin-dialog-actions">
          {actions}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
