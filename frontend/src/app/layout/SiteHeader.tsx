import { FlaskConical, LogOut, Menu, Search, User, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { displayName, useAuth } from '../../features/identity';
import { SALE_PERCENT, SHOP_NAME } from '../../lib/shop';
import { CartButton } from '../../features/cart';
import { CurrencyPicker } from '../../components/CurrencyPicker';
import { ButtonAnchor } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';

export function SaleBanner() {
  return (
    <div className="sale-banner" role="note">
      <strong>{SALE_PERCENT}% OFF EVERYTHING</strong> — limited-time research sale. For laboratory research use only · 18+.
    </div>
  );
}

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${SHOP_NAME} home`}>
      <span className="logo-mark" aria-hidden>
        <FlaskConical size={20} />
      </span>
      <span className="logo-text">{SHOP_NAME}</span>
    </Link>
  );
}

/** Guests get the landing links; signed-in users their home, orders and (staff) the back office. */
export function SiteHeader() {
  const { user, isAuthenticated, isStaff } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = isAuthenticated
    ? [
        { to: '/', label: 'Home' },
        { to: '/dashboard', label: 'My Orders' },
        ...(isStaff ? [{ to: '/admin', label: 'Admin' }] : []),
        { to: '/products', label: 'Products' },
        { to: '/categories', label: 'Categories' },
      ]
    : [
        { to: '/products', label: 'Products' },
        { to: '/categories', label: 'Categories' },
        { to: '/search', label: 'Search' },
        { to: '/calculator', label: 'Calculator' },
        { to: '/auth', label: 'Login' },
      ];
  return (
    <header className="site-header">
      <SaleBanner />
      <div className="container header-bar">
        <Logo />
        <nav aria-label="Main" className={`main-nav${menuOpen ? ' open' : ''}`}>
          {links.map((link) => (
            <NavLink key={link.to + link.label} to={link.to} end={link.to === '/'} onClick={() => setMenuOpen(false)}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="header-actions">
          {isAuthenticated && (
            <Link to="/search" className="icon-button" aria-label="Search products">
              <Search size={20} aria-hidden />
            </Link>
          )}
          <CurrencyPicker compact />
          <CartButton />
          {isAuthenticated ? (
            <>
              <span className="user-name" title={user?.email}>
                <User size={16} aria-hidden /> {displayName(user)}
              </span>
              <ButtonAnchor href="/api/logout" variant="ghost" size="sm" aria-label="Logout">
                <LogOut size={16} aria-hidden /> <span className="hide-on-phone">Logout</span>
              </ButtonAnchor>
            </>
          ) : (
            <ButtonAnchor href="/api/login" variant="primary" size="sm">
              Login
            </ButtonAnchor>
          )}
          <IconButton className="menu-toggle" label={menuOpen ? 'Close menu' : 'Open menu'} aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
            {menuOpen ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
          </IconButton>
        </div>
      </div>
    </header>
  );
}
