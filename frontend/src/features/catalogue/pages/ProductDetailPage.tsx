import { ChevronRight, SearchX, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, messageOf } from '../../../api/client';
import { ProductImage } from '../components/ProductImage';
import { ReviewsSection } from '../../reviews';
import { useCategories, useProduct } from '../api/useCatalogue';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { BUYER_REQUIREMENTS, RESEARCH_USE_DISCLAIMER } from '../../../lib/shop';
import { ProductInfoTabs } from '../components/product/ProductInfoTabs';
import { ProductPurchase } from '../components/product/ProductPurchase';
import { parseProductId } from '../components/product/product-id';
import { Button, ButtonLink } from '../../../components/ui/Button';
import '../components/product/product.css';

function ProductNotFound() {
  return (
    <section className="container narrow product-not-found">
      <SearchX size={48} aria-hidden className="muted" />
      <h1>Product not found</h1>
      <p className="muted">This product does not exist or is no longer available.</p>
      <ButtonLink variant="primary" to="/products">Browse Products</ButtonLink>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="container product-page product-layout" role="status" aria-busy="true" aria-label="Loading product">
      <div className="skeleton product-media-skeleton" />
      <div className="stack">
        <div className="skeleton skeleton-line short" />
        <div className="skeleton skeleton-line" style={{ height: '2.25rem' }} />
        <div className="skeleton skeleton-line short" />
        <div className="skeleton skeleton-line" style={{ height: '3rem' }} />
        <div className="skeleton skeleton-line" style={{ height: '3rem' }} />
      </div>
    </div>
  );
}

export default function ProductDetailPage() {
  const params = useParams();
  const productId = parseProductId(params.id);
  const product = useProduct(productId);
  const categories = useCategories();
  const notFound = productId === null || (product.error instanceof ApiError && product.error.status === 404);
  usePageTitle(product.data?.name ?? (notFound ? 'Product not found' : null));

  if (notFound) return <ProductNotFound />;
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <section className="container narrow product-not-found" role="alert">
        <TriangleAlert size={40} aria-hidden className="muted" />
        <h1>This product could not be loaded</h1>
        <p className="muted">{messageOf(product.error, 'Please check your connection and try again.')}</p>
        <Button variant="primary" onClick={() => product.refetch()}>Try again</Button>
      </section>
    );
  }

  const item = product.data;
  const category = categories.data?.find((candidate) => candidate.id === item.categoryId);
  return (
    <div className="container product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li><Link to="/">Home</Link><ChevronRight size={14} aria-hidden /></li>
          <li><Link to="/products">Products</Link><ChevronRight size={14} aria-hidden /></li>
          <li aria-current="page">{item.name}</li>
        </ol>
      </nav>
      <div className="product-layout">
        <div className="product-media">
          <ProductImage product={item} className="product-detail-image" />
        </div>
        <ProductPurchase product={item} category={category} />
      </div>
      <ProductInfoTabs product={item} />
      <aside className="notice product-disclaimer" aria-label="Research use only">
        <p><strong>Research use only.</strong> {RESEARCH_USE_DISCLAIMER}</p>
        <p>{BUYER_REQUIREMENTS}</p>
      </aside>
      <ReviewsSection product={item} />
    </div>
  );
}
