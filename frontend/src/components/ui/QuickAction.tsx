import type { LucideIcon } from 'lucide-react';
import { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './quick-action.css';

/** A grid of quick-action cards (the signed-in home, /categories). */
export function QuickActionGrid({ children }: { children: ReactNode }) {
  return <div className="quick-action-grid">{children}</div>;
}

/** A card that is one link: an icon, a title and a line saying where it leads. */
export function QuickAction({ to, icon: Icon, title, text }: { to: string; icon: LucideIcon; title: string; text: string }) {
  return (
    <Link to={to} className="card quick-action">
      <Icon size={22} aria-hidden />
      <span className="quick-action-title">{title}</span>
      <span className="muted small">{text}</span>
    </Link>
  );
}
