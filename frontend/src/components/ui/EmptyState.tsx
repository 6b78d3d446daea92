import type { LucideIcon } from 'lucide-react';
import { ReactNode } from 'react';

/**
 * "Nothing here" with what to do next: an icon, a heading (level 2 by default; 1 where it is the page's own
 * heading), the explanation and the actions as children. On a card by default; `status` announces it (a search that found nothing).
 */
export function EmptyState({
  icon: Icon,
  title,
  level = 2,
  card = true,
  status = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  level?: 1 | 2;
  card?: boolean;
  status?: boolean;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={card ? 'empty-state card' : 'empty-state'} role={status ? 'status' : undefined}>
      <Icon size={44} className="muted empty-state-icon" aria-hidden />
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}
