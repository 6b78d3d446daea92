import { Link } from 'react-router-dom';
import { useAuth } from '../../features/identity';
import { BUYER_REQUIREMENTS, RESEARCH_USE_DISCLAIMER, SHOP_NAME } from '../../lib/shop';

export function SiteFooter() {
  const { isAuthenticated, isStaff } = useAuth();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{SHOP_NAME}</p>
          <p className="muted small">GMP-certified manufacturing · 99%+ purity · discreet, tracked shipping across Australia.</p>
        </div>
        <nav aria-label="Shop">
          <p className="footer-heading">Shop</p>
          <Link to="/products">All Products</Link>
          <Link to="/categories">Categories</Link>
          <Link to="/search">Search</Link>
          <Link to="/calculator">Calculator</Link>
        </nav>
        <nav aria-label="Help">
          <p className="footer-heading">Help</p>
          <Link to="/faq">FAQ</Link>
          <Link to="/shipping">Shipping</Link>
          <Link to="/returns">Returns</Link>
          <Link to="/orders/lookup">Find your order</Link>
          <Link to="/terms">Terms of sale</Link>
          <Link to="/privacy">Privacy</Link>
          {isStaff ? <Link to="/admin">Admin Panel</Link> : isAuthenticated ? <Link to="/dashboard">My Orders</Link> : <Link to="/auth">Login / Sign Up</Link>}
        </nav>
      </div>
      <div className="container legal" role="note" aria-label="Legal disclaimer">
        <p>
          <strong>Research use only.</strong> {RESEARCH_USE_DISCLAIMER}
        </p>
        <p>{BUYER_REQUIREMENTS}</p>
        <p className="muted small">
          By ordering you accept our <Link to="/terms">terms</Link>: products are supplied to qualified researchers for in-vitro laboratory use; the buyer is responsible for compliance with local laws. © {new Date().getFullYear()} {SHOP_NAME}.
        </p>
      </div>
    </footer>
  );
}
