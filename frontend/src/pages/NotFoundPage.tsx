import { Link } from 'react-router-dom';
import { usePageTitle } from '../hooks/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container narrow not-found">
      <h1>404 Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <div className="row gap">
        <Link className="button button-primary" to="/">Back to the store</Link>
        <Link className="button button-outline" to="/products">Browse Products</Link>
      </div>
    </section>
  );
}
