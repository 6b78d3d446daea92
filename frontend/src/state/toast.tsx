import { createContext, ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { IconButton } from '../components/ui/IconButton';

/** Storefront spec §9: one toast at a time, shown 5 s, swipe right 50 px to dismiss, F8 focuses the viewport. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

interface Toast extends ToastInput {
  id: number;
}

type ShowToast = (toast: ToastInput) => void;
const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const show = useCallback<ShowToast>((input) => setToast({ ...input, id: nextId.current++ }), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastViewport toast={toast} onDismiss={() => setToast(null)} />
    </ToastContext.Provider>
  );
}

/**
 * Where a toast is shown when not over the page: the topmost open modal <dialog> (everything outside
 * it is inert and drawn beneath it), or a panel that keeps a place for toasts (`data-toast-host`, the
 * cart), where the toast takes its own room at the top instead of covering the panel's buttons.
 */
function topHost(): HTMLElement | null {
  const hosts = Array.from(document.querySelectorAll<HTMLElement>('dialog, [data-toast-host]')).filter((host) =>
    host instanceof HTMLDialogElement ? host.open && host.matches(':modal') : true,
  );
  return hosts.at(-1) ?? null;
}

/** Follows modal dialogs and toast places opening and closing, so a toast is shown inside the one in front. */
function useToastHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const update = () => setHost(topHost());
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, []);
  return host;
}

function ToastViewport({ toast, onDismiss }: { toast: Toast | null; onDismiss(): void }) {
  const viewport = useRef<HTMLElement>(null);
  // A modal dialog covers the page and makes it inert: the toast is shown (and announced) inside it instead.
  const host = useToastHost();
  const inline = host !== null && host.hasAttribute('data-toast-host');
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (!toast) return;
    setOffset(0);
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  useEffect(() => {
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', focusOnF8);
    return () => window.removeEventListener('keydown', focusOnF8);
  }, []);

  const region = (
    <section ref={viewport} className={inline ? 'toast-viewport toast-viewport-inline' : 'toast-viewport'} tabIndex={-1} aria-label="Notifications (F8)">
      {toast && (
        <div
          key={toast.id}
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          className={`toast toast-${toast.variant ?? 'default'}`}
          style={{ transform: `translateX(${offset}px)` }}
          onPointerDown={(event) => (swipeStart.current = event.clientX)}
          onPointerMove={(event) => swipeStart.current !== null && setOffset(Math.max(0, event.clientX - swipeStart.current))}
          onPointerUp={() => {
            swipeStart.current = null;
            if (offset > SWIPE_THRESHOLD_PX) onDismiss();
            else setOffset(0);
          }}
        >
          <div>
            <p className="toast-title">{toast.title}</p>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <IconButton className="toast-close" label="Dismiss notification" onClick={onDismiss}>
            <X size={16} aria-hidden />
          </IconButton>
        </div>
      )}
    </section>
  );
  return host ? createPortal(region, host) : region;
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
