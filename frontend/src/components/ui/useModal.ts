import { RefObject, useEffect, useRef } from 'react';

/**
 * The native <dialog> opened modally for as long as the component is mounted: showModal() keeps focus
 * inside and Escape closes it; `initialFocus` (if given) gets the focus first; on unmount the focus goes
 * back to the control that opened it, if it is still on the page.
 */
export function useModal(initialFocus?: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    element?.showModal();
    initialFocus?.current?.focus();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
    // Opened once per mount; the ref object itself never changes.
  }, []);
  return dialog;
}
