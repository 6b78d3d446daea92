import { X } from 'lucide-react';
import { FormEvent, ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal form on the native <dialog>: showModal() keeps focus inside and Escape closes it; on
 * close, focus goes back to the control that opened it.
 */
export function AdminDialog({
  title,
  description,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** Receives the submit event, e.g. react-hook-form's `handleSubmit(...)`. */
  onSubmit(event: FormEvent): void;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

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
        <div className="row between">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <X size={18} aria-hidden />
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="muted small">
            {description}
          </p>
        )}
        {children}
        <div className="row gap admin-dialog-actions">
          <button type="button" className="button button-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
