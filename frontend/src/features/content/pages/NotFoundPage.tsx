import { usePageTitle } from '../../../hooks/usePageTitle';
import { ButtonLink } from '../../../components/ui/Button';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container narrow not-found">
      <h1>404 Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <div className="row gap">
        <ButtonLink variant="primary" to="/">Back to the store</ButtonLink>
        <ButtonLink variant="outline" to="/products">Browse Products</ButtonLink>
      </div>
    </section>
  );
}
