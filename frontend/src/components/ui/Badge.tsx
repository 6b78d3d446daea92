import { ReactNode } from 'react';

/**
 * The tones a badge comes in (global.css; the back office adds secondary, destructive and info): a state as a
 * colour that its text also says, never the colour alone.
 */
export type BadgeTone =
  | 'default'
  | 'success'
  | 'secondary'
  | 'destructive'
  | 'info'
  | 'attention'
  | 'sale'
  | 'out'
  | 'limited'
  | 'low-stock'
  | 'hot'
  | 'bestseller'
  | 'premium';

/** A small label with a tone: product badges, statuses, stock. `className` adds a feature's own modifier. */
export function Badge({ tone = 'default', className = '', title, children }: { tone?: BadgeTone; className?: string; title?: string; children: ReactNode }) {
  const toneClass = tone === 'default' ? '' : ` badge-${tone}`;
  return (
    <span className={`badge${toneClass}${className ? ` ${className}` : ''}`} title={title}>
      {children}
    </span>
  );
}
