import type { Product } from '../../../../api/types';
import { Tabs } from '../../../../components/ui/Tabs';
import { DEFAULT_PROFILE, profileFor, RECONSTITUTED_STORAGE } from '../../../../lib/calculator';

const DESCRIPTION_FALLBACK = 'Premium research compound';

/** Benefits come from the calculator's profile of the compound; without one, only research-use text (no medical claims). */
function Benefits({ product }: { product: Product }) {
  const profile = profileFor(product.name);
  if (profile === DEFAULT_PROFILE) {
    return (
      <>
        <h2 className="sr-only">Research applications</h2>
        <p>{product.name} is supplied as a reference material for in-vitro and laboratory research.</p>
        <p className="muted">Researchers should consult the published literature on this compound when designing a study. No therapeutic benefit is claimed.</p>
      </>
    );
  }
  return (
    <>
      <h2 className="sr-only">Research applications</h2>
      <p>Areas in which {profile.name} is studied in the published literature:</p>
      <ul className="benefit-list">
        {profile.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className="muted small">Listed for research context only. No therapeutic benefit is claimed.</p>
    </>
  );
}

function Properties({ product }: { product: Product }) {
  const rows: [string, string][] = [
    ['Grade', product.grade ?? 'Not specified'],
    ['Dosage', product.dosage ?? 'Not specified'],
    ['Contents', product.contents ?? 'Not specified'],
    ['SKU', product.sku],
    ['Storage', RECONSTITUTED_STORAGE],
  ];
  return (
    <>
      <h2 className="sr-only">Properties</h2>
      <dl className="property-list">
        {rows.map(([term, value]) => (
          <div key={term} className="property-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function ProductInfoTabs({ product }: { product: Product }) {
  return (
    <Tabs
      label="Product information"
      className="product-info-tabs"
      tabs={[
        {
          id: 'description',
          label: 'Description',
          panel: (
            <>
              <h2 className="sr-only">Description</h2>
              <p className="product-description">{product.description || DESCRIPTION_FALLBACK}</p>
            </>
          ),
        },
        { id: 'properties', label: 'Properties', panel: <Properties product={product} /> },
        { id: 'benefits', label: 'Benefits', panel: <Benefits product={product} /> },
      ]}
    />
  );
}
