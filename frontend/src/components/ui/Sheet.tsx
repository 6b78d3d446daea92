import { X } from 'lucide-react';
import { ReactNode, RefObject, useId } from 'react';
import { IconButton } from './IconButton';
import { useModal } from './useModal';
import './sheet.css';

/**
 * A panel that slides over the page from one side (`left` or `right`), for as long as it is mounted: the native
 * modal <dialog>, so the focus stays inside and Escape closes it; a click beside it (its backdrop) or the close
 * button closes it too, and the focus goes back to the control that opened it. `initialFocus` gets the focus first.
 */
export function Sheet({
  id,
  title,
  side = 'left',
  closeLabel = 'Close',
  initialFocus,
  className = '',
  onClose,
  children,
}: {
  id?: string;
  title: string;
  side?: 'left' | 'right';
  closeLabel?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useModal(initialFocus);
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      id={id}
      className={`sheet sheet-${side}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The backdrop belongs to the <dialog> itself; its content fills the sheet.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="sheet-body">
        <div className="row between sheet-header">
          <h2 id={titleId}>{title}</h2>
          <IconButton label={closeLabel} onClick={onClose}>
            <X size={20} aria-hidden />
          </IconButton>
        </div>
        {children}
      </div>
    </dialog>
  );
}
