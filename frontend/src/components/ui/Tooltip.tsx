import { ReactElement, ReactNode, useId, useRef, useState } from 'react';

/** Spec §4: tooltips open after 700 ms; within 300 ms of one closing, the next opens at once. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = 0;

export function Tooltip({ label, children, side = 'top' }: { label: ReactNode; children: ReactElement; side?: 'top' | 'left' | 'bottom' }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number>(undefined);
  const id = useId();
  const show = (immediately: boolean) => {
    window.clearTimeout(timer.current);
    const delay = immediately || Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS;
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };
  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={() => show(false)}
      onPointerLeave={hide}
      onFocus={() => show(true)}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className={`tooltip tooltip-${side}`}>
          {label}
        </span>
      )}
    </span>
  );
}
