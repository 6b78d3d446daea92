import { ButtonHTMLAttributes, forwardRef, ReactNode } from 'react';

/**
 * A button that shows only an icon: `label` is required, so it always has an accessible name for screen readers and
 * voice control. Extra class names add a feature's look (`danger`, `cart-button`).
 */
export const IconButton = forwardRef<HTMLButtonElement, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'type'> & { label: string; children: ReactNode }>(
  function IconButton({ label, className = '', children, ...rest }, ref) {
    return (
      <button ref={ref} type="button" className={`icon-button${className ? ` ${className}` : ''}`} aria-label={label} {...rest}>
        {children}
      </button>
    );
  },
);
