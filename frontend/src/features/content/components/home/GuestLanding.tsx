import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ProductGrid, ProductSort, useCategories, useProducts, CategoryChips, SortSelect, NoProductsFound, ProductsLoadError, CATALOGUE_SORTS, visibleOnHome } from '../../../catalogue';
import { HOME_PRODUCT_LIMIT, SALE_PERCENT } from '../../../../lib/shop';
import { CoinStrip } from './CoinStrip';
import { WhyChooseUs } from './WhyChooseUs';
import { ButtonLink } from '../../../../components/ui/Button';
import './home.css';

function Hero() {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <span className="hero-sale-badge">{SALE_PERCENT}% OFF EVERYTHING</span>
        <h1>Research-Grade Peptides for Laboratory Science</h1>
        <p className="hero-lead">
          Pharmaceutical-grade research compounds with 99%+ verified purity, shipped discreetly. For laboratory research use only.
        </p>
        <div className="row gap wrap">
          <ButtonLink to="/products" variant="primary" size="lg">
            Browse Products <ArrowRight size={18} aria-hidden />
          </ButtonLink>
          <ButtonLink to="/categories" variant="outline" size="lg">
            Shop by Category
          </ButtonLink>
        </div>
        <p className="hero-note">
          <ShieldCheck size={16} aria-hidden /> Not for human consumption · buyers must be 18+ and research qualified
        </p>
      </div>
    </section>
  );
}

function ProductRange() {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [sortBy, setSortBy] = useState<ProductSort>('featured');
  const categories = useCategories();
  const products = useProducts({ categoryId, sortBy });
  const shown = visibleOnHome(products.data, HOME_PRODUCT_LIMIT, false);
  return (
    <section className="section product-range" aria-labelledby="product-range-heading">
      <div className="container">
        <div className="row between wrap gap">
          <h2 id="product-range-heading">Our Complete Product Range</h2>
          <SortSelect choices={CATALOGUE_SORTS} value={sortBy} onChange={setSortBy} />
        </div>
        <CategoryChips categories={categories.data} selectedId={categoryId} onSelect={setCategoryId} />
        <div className="product-range-results">
          {products.isError ? (
            <ProductsLoadError onRetry={() => products.refetch()} />
          ) : shown?.length === 0 ? (
            <NoProductsFound>
              <p className="muted">Try another category, or check back soon as new research compounds are added regularly.</p>
            </NoProductsFound>
          ) : (
            <ProductGrid products={shown} isLoading={products.isLoading} skeletons={HOME_PRODUCT_LIMIT} />
          )}
        </div>
        <div className="product-range-more">
          <ButtonLink to="/products" variant="outline">
            View All Products <ArrowRight size={16} aria-hidden />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** Storefront spec §2, landing page (guests, and everyone while the session check runs). */
export function GuestLanding() {
  return (
    <>
      <Hero />
      <CoinStrip />
      <ProductRange />
      <WhyChooseUs />
    </>
  );
}
