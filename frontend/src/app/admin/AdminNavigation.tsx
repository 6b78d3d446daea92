import { Menu } from 'lucide-react';
import { ReactNode, Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AdminSection, AdminTab, groupOf, pathOf, sectionsFor } from './admin-sections';
import { useAuth } from '../../features/identity';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';

/** Where the sidebar has room beside the content; admin.css draws the menu button below this width. */
const SIDEBAR_QUERY = '(min-width: 1024px)';

/**
 * The back office's navigation: a sidebar of grouped links at 1024 px and wider; below that, a Menu
 * button opening the same links in a sheet. Every section is a real link to its own address, so it
 * opens in a new tab, survives a reload and takes part in Back and Forward; the section on screen is
 * marked `aria-current="page"` (also while one of its records is open).
 */
export function AdminNavigation({ current }: { current: AdminSection }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const sheetId = useId();
  const { pathname } = useLocation();
  // Back or Forward while the sheet is open is a navigation too: the sheet closes.
  useEffect(closeMenu, [closeMenu, pathname]);
  const group = groupOf(current.id);

  return (
    <>
      <nav aria-label="Back office" className="admin-sidebar">
        <AdminNavLinks current={current.id} />
      </nav>
      <div className="admin-menu-bar">
        <Button
          variant="outline"
          className="admin-menu-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? sheetId : undefined}
          onClick={() => setMenuOpen(true)}
        >
          <Menu size={18} aria-hidden /> Menu
        </Button>
        <span className="admin-menu-current muted">{group ? `${group} / ${current.label}` : current.label}</span>
      </div>
      {menuOpen && <AdminMenuSheet id={sheetId} current={current.id} onClose={closeMenu} />}
    </>
  );
}

/**
 * The narrow screen's menu: a modal sheet from the left (the native <dialog>, so focus stays inside and
 * Escape closes it). The current section's link has the focus first; following a link, Escape, the close
 * button, a click beside the sheet or widening the window to the sidebar's width closes it, and the focus
 * goes back to the Menu button.
 */
function AdminMenuSheet({ id, current, onClose }: { id: string; current: AdminTab; onClose(): void }) {
  const currentLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const sidebarShown = window.matchMedia(SIDEBAR_QUERY);
    const closeWhenWide = () => sidebarShown.matches && onClose();
    sidebarShown.addEventListener('change', closeWhenWide);
    return () => sidebarShown.removeEventListener('change', closeWhenWide);
  }, [onClose]);

  return (
    <Sheet id={id} title="Menu" closeLabel="Close menu" initialFocus={currentLink} onClose={onClose}>
      <nav aria-label="Back office">
        <AdminNavLinks current={current} currentLinkRef={currentLink} onNavigate={onClose} />
      </nav>
    </Sheet>
  );
}

/** Only the sections the signed-in role may open (issue 23): a fulfilment clerk sees Orders, an analyst Analytics. */
function AdminNavLinks({ current, currentLinkRef, onNavigate }: { current: AdminTab; currentLinkRef?: Ref<HTMLAnchorElement>; onNavigate?(): void }) {
  const { may } = useAuth();
  const { home, groups } = sectionsFor(may);
  const link = (section: AdminSection) => (
    <li key={section.id}>
      <Link
        ref={section.id === current ? currentLinkRef : undefined}
        to={pathOf(section.id)}
        className="admin-nav-link"
        aria-current={section.id === current ? 'page' : undefined}
        onClick={onNavigate}
      >
        <section.icon size={18} aria-hidden />
        {section.label}
      </Link>
    </li>
  );
  return (
    <>
      {home && <ul className="admin-nav-list">{link(home)}</ul>}
      {groups.map((group) => (
        <AdminNavGroup key={group.name} name={group.name}>
          {group.sections.map(link)}
        </AdminNavGroup>
      ))}
    </>
  );
}

function AdminNavGroup({ name, children }: { name: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div className="admin-nav-group">
      <p id={headingId} className="admin-nav-heading">
        {name}
      </p>
      <ul className="admin-nav-list" aria-labelledby={headingId}>
        {children}
      </ul>
    </div>
  );
}
