import { ProductInput } from '../catalogue/contract/product-input';

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
  /** The demo images of its products: the cap and label colour, and what the compound comes in. */
  colour: string;
  container: 'vial' | 'bottle';
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { key: 'peptides', name: 'Peptides', description: 'Research peptides for tissue repair, growth hormone and longevity studies.', colour: '#0f766e', container: 'vial' },
  { key: 'glp1', name: 'GLP-1 Research', description: 'Incretin receptor agonists for metabolic and obesity research.', colour: '#4338ca', container: 'vial' },
  { key: 'sarms', name: 'SARMs', description: 'Selective androgen receptor modulators for in-vitro receptor studies.', colour: '#b45309', container: 'bottle' },
  { key: 'blends', name: 'Blends', description: 'Pre-combined peptide formulations for multi-pathway research protocols.', colour: '#7e22ce', container: 'vial' },
  { key: 'nootropics', name: 'Nootropic Peptides', description: 'Neuropeptides for cognition, sleep and stress-response research.', colour: '#0369a1', container: 'vial' },
  { key: 'supplies', name: 'Lab Supplies', description: 'Reconstitution water and consumables for accurate laboratory handling.', colour: '#475569', container: 'bottle' },
];

export type DemoProduct = Omit<ProductInput, 'categoryId' | 'isActive' | 'imageUrl'> & { category: string };

const RESEARCH = 'Research Grade';
const PHARMA = 'Pharmaceutical Grade';

/** A realistic starter catalogue in AUD: every compound the dosage calculator knows, plus BAC Water. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  { category: 'glp1', name: 'Tirzepatide 10mg', sku: 'GLP-TIRZ-10', description: 'Dual GIP/GLP-1 receptor agonist, lyophilised powder, ≥99% purity by HPLC.', price: '189.00', salePrice: '159.00', isOnSale: true, stock: 42, grade: PHARMA, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: ['Hot Product', 'Bestseller'] },
  { category: 'glp1', name: 'Tirzepatide 30mg', sku: 'GLP-TIRZ-30', description: 'High-strength tirzepatide vial for extended research protocols.', price: '399.00', salePrice: null, isOnSale: false, stock: 8, grade: PHARMA, dosage: '30mg', contents: '1 vial, 30mg lyophilised', badges: ['Limited Stock'] },
  { category: 'glp1', name: 'Retatrutide 10mg', sku: 'GLP-RETA-10', description: 'Triple GIP/GLP-1/glucagon receptor agonist for next-generation metabolic research.', price: '229.00', salePrice: '199.00', isOnSale: true, stock: 25, grade: PHARMA, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: ['Hot Product'] },
  { category: 'glp1', name: 'Semaglutide 5mg', sku: 'GLP-SEMA-5', description: 'Long-acting GLP-1 receptor agonist, verified by third-party mass spectrometry.', price: '149.00', salePrice: null, isOnSale: false, stock: 60, grade: PHARMA, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: ['Bestseller'] },
  { category: 'glp1', name: 'Semaglutide 10mg', sku: 'GLP-SEMA-10', description: 'Double-strength semaglutide vial for longer study periods.', price: '239.00', salePrice: '209.00', isOnSale: true, stock: 0, grade: PHARMA, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: [] },
  { category: 'glp1', name: 'Cagrilintide 5mg', sku: 'GLP-CAGR-5', description: 'Long-acting amylin analogue studied alongside GLP-1 agonists.', price: '179.00', salePrice: null, isOnSale: false, stock: 6, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: ['Limited Stock'] },
  { category: 'peptides', name: 'BPC-157 5mg', sku: 'PEP-BPC-5', description: 'Body Protection Compound-157, a stable gastric pentadecapeptide for tissue repair research.', price: '65.00', salePrice: '52.00', isOnSale: true, stock: 120, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: ['Bestseller'] },
  { category: 'peptides', name: 'BPC-157 10mg', sku: 'PEP-BPC-10', description: 'Higher-strength BPC-157 for extended tissue repair studies.', price: '95.00', salePrice: null, isOnSale: false, stock: 48, grade: RESEARCH, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: [] },
  { category: 'peptides', name: 'TB-500 5mg', sku: 'PEP-TB500-5', description: 'Synthetic thymosin beta-4 fragment studied for cell migration and recovery.', price: '75.00', salePrice: null, isOnSale: false, stock: 35, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: ['Hot Product'] },
  { category: 'peptides', name: 'HGH 10IU', sku: 'PEP-HGH-10', description: 'Recombinant somatropin (191 amino acids) for growth hormone research.', price: '159.00', salePrice: '139.00', isOnSale: true, stock: 4, grade: PHARMA, dosage: '10IU', contents: '1 vial, 10IU lyophilised', badges: ['Premium Blend'] },
  { category: 'peptides', name: 'Ipamorelin 5mg', sku: 'PEP-IPA-5', description: 'Selective growth hormone secretagogue with a clean receptor profile.', price: '55.00', salePrice: null, isOnSale: false, stock: 70, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: [] },
  { category: 'peptides', name: 'CJC-1295 (no DAC) 2mg', sku: 'PEP-CJC-2', description: 'Modified GRF (1-29) growth hormone releasing hormone analogue.', price: '60.00', salePrice: null, isOnSale: false, stock: 3, grade: RESEARCH, dosage: '2mg', contents: '1 vial, 2mg lyophilised', badges: ['Limited Stock'] },
  { category: 'peptides', name: 'AOD-9604 5mg', sku: 'PEP-AOD-5', description: 'Modified fragment 176-191 of human growth hormone for lipolysis research.', price: '69.00', salePrice: '59.00', isOnSale: true, stock: 22, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: [] },
  { category: 'peptides', name: 'MOTS-C 10mg', sku: 'PEP-MOTSC-10', description: 'Mitochondria-derived peptide studied for metabolic homeostasis.', price: '99.00', salePrice: null, isOnSale: false, stock: 15, grade: RESEARCH, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: ['Hot Product'] },
  { category: 'peptides', name: 'GHK-Cu 50mg', sku: 'PEP-GHKCU-50', description: 'Copper tripeptide-1 for skin remodelling and wound healing research.', price: '59.00', salePrice: null, isOnSale: false, stock: 0, grade: RESEARCH, dosage: '50mg', contents: '1 vial, 50mg lyophilised', badges: [] },
  { category: 'peptides', name: 'Epitalon 10mg', sku: 'PEP-EPI-10', description: 'Synthetic tetrapeptide studied for telomerase activity and longevity.', price: '72.00', salePrice: null, isOnSale: false, stock: 9, grade: RESEARCH, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: [] },
  { category: 'peptides', name: 'Thymosin Alpha-1 5mg', sku: 'PEP-TA1-5', description: 'Immunomodulatory peptide for immune-response research.', price: '89.00', salePrice: null, isOnSale: false, stock: 18, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: [] },
  { category: 'nootropics', name: 'DSIP 5mg', sku: 'NOO-DSIP-5', description: 'Delta sleep-inducing peptide for sleep architecture research.', price: '49.00', salePrice: null, isOnSale: false, stock: 27, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: [] },
  { category: 'nootropics', name: 'Selank 5mg', sku: 'NOO-SEL-5', description: 'Synthetic tuftsin analogue studied for anxiolytic activity.', price: '58.00', salePrice: '48.00', isOnSale: true, stock: 2, grade: RESEARCH, dosage: '5mg', contents: '1 vial, 5mg lyophilised', badges: [] },
  { category: 'nootropics', name: 'Semax 10mg', sku: 'NOO-SMX-10', description: 'ACTH(4-10) analogue for neuroprotection and cognition research.', price: '62.00', salePrice: null, isOnSale: false, stock: 30, grade: RESEARCH, dosage: '10mg', contents: '1 vial, 10mg lyophilised', badges: [] },
  { category: 'sarms', name: 'Ostarine (MK-2866) 25mg x 60', sku: 'SRM-MK2866', description: 'Enobosarm solution for androgen receptor binding studies.', price: '79.00', salePrice: null, isOnSale: false, stock: 40, grade: RESEARCH, dosage: '25mg/ml', contents: '30ml solution', badges: [] },
  { category: 'sarms', name: 'Ligandrol (LGD-4033) 10mg x 60', sku: 'SRM-LGD4033', description: 'Non-steroidal SARM for selective tissue receptor research.', price: '85.00', salePrice: '72.00', isOnSale: true, stock: 7, grade: RESEARCH, dosage: '10mg/ml', contents: '30ml solution', badges: ['Limited Stock'] },
  { category: 'sarms', name: 'Testolone (RAD-140) 10mg x 60', sku: 'SRM-RAD140', description: 'High-affinity SARM for anabolic selectivity research.', price: '92.00', salePrice: null, isOnSale: false, stock: 0, grade: RESEARCH, dosage: '10mg/ml', contents: '30ml solution', badges: [] },
  { category: 'blends', name: 'BPC-157 + TB-500 Blend 10mg', sku: 'BLD-BPCTB-10', description: 'Equal-part blend of BPC-157 and TB-500 for combined recovery research.', price: '129.00', salePrice: '109.00', isOnSale: true, stock: 19, grade: RESEARCH, dosage: '5mg + 5mg', contents: '1 vial, 10mg lyophilised', badges: ['Premium Blend', 'Bestseller'] },
  { category: 'blends', name: 'CJC-1295 + Ipamorelin Blend 10mg', sku: 'BLD-CJCIPA-10', description: 'Synergistic GHRH and GHRP combination for growth hormone pulse research.', price: '119.00', salePrice: null, isOnSale: false, stock: 10, grade: RESEARCH, dosage: '5mg + 5mg', contents: '1 vial, 10mg lyophilised', badges: ['Premium Blend'] },
  { category: 'blends', name: 'GLOW Blend 70mg', sku: 'BLD-GLOW-70', description: 'GHK-Cu, BPC-157 and TB-500 blend for dermal research.', price: '149.00', salePrice: null, isOnSale: false, stock: 5, grade: RESEARCH, dosage: '50mg + 10mg + 10mg', contents: '1 vial, 70mg lyophilised', badges: ['Premium Blend', 'Limited Stock'] },
  { category: 'supplies', name: 'BAC Water 10ml', sku: 'SUP-BAC-10', description: 'Bacteriostatic water (0.9% benzyl alcohol) for peptide reconstitution.', price: '15.00', salePrice: null, isOnSale: false, stock: 250, grade: PHARMA, dosage: null, contents: '1 x 10ml vial', badges: [] },
  { category: 'supplies', name: 'BAC Water 30ml', sku: 'SUP-BAC-30', description: 'Bacteriostatic water, multi-use 30ml vial.', price: '29.00', salePrice: '24.00', isOnSale: true, stock: 90, grade: PHARMA, dosage: null, contents: '1 x 30ml vial', badges: [] },
  { category: 'supplies', name: 'Insulin Syringes 0.5ml (10 pack)', sku: 'SUP-SYR-05', description: 'Sterile U-100 syringes, 29G, for accurate small-volume measurement in the lab.', price: '12.00', salePrice: null, isOnSale: false, stock: 300, grade: null, dosage: null, contents: '10 syringes', badges: [] },
];

/**
 * A demo product's picture: its vial or bottle in the category's colour, labelled with its name,
 * dosage and SKU, on a 4:3 canvas (the storefront's card) whose middle square holds the whole
 * container (the product page crops to a square). Drawn small, 640 × 480, since every start on an
 * empty store encodes all of them; the image pipeline never enlarges it.
 */
export function demoProductImageSvg(product: DemoProduct, category: DemoCategory): string {
  const { colour } = category;
  const title = product.dosage && product.name.includes(product.dosage) ? product.name.replace(product.dosage, '').replace(/\s+/g, ' ').trim() : product.name;
  const lines = wrapWords(title, 16).slice(0, 3);
  const nameTop = (product.dosage ? 544 : 580) - (lines.length - 1) * 23;
  const name = lines.map((line, index) => `<text x="640" y="${nameTop + index * 46}" font-size="40" font-weight="700" fill="#0f172a">${escapeXml(line)}</text>`).join('');
  const dosageSize = product.dosage ? Math.min(56, Math.floor(420 / (product.dosage.length * 0.7))) : 0;
  const dosage = product.dosage ? `<text x="640" y="672" font-size="${dosageSize}" font-weight="700" fill="${colour}">${escapeXml(product.dosage)}</text>` : '';
  const closure =
    category.container === 'vial'
      ? `<rect x="470" y="200" width="340" height="70" rx="10" fill="#cbd5e1"/><rect x="440" y="110" width="400" height="110" rx="22" fill="${colour}"/>`
      : `<rect x="590" y="40" width="100" height="120" rx="50" fill="#1e293b"/><rect x="520" y="140" width="240" height="120" rx="18" fill="${colour}"/>`;
  const bodyRadius = category.container === 'vial' ? 48 : 110;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 1280 960">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0.08"/><stop offset="1" stop-color="${colour}" stop-opacity="0.26"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e2e8f0"/><stop offset="0.35" stop-color="#ffffff"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient></defs>
<rect width="1280" height="960" fill="#ffffff"/><rect width="1280" height="960" fill="url(#bg)"/>
<ellipse cx="640" cy="855" rx="290" ry="28" fill="#0f172a" opacity="0.12"/>
<rect x="410" y="250" width="460" height="600" rx="${bodyRadius}" fill="url(#glass)" stroke="#94a3b8" stroke-width="4"/>${closure}
<rect x="410" y="400" width="460" height="330" fill="#ffffff" stroke="${colour}" stroke-width="6"/><rect x="410" y="400" width="460" height="44" fill="${colour}"/>
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle">
<text x="640" y="431" font-size="24" font-weight="700" fill="#ffffff" letter-spacing="3">RESEARCH USE ONLY</text>${name}${dosage}
<text x="640" y="714" font-size="22" fill="#475569" letter-spacing="2">${escapeXml(product.sku)}</text></g>
</svg>`;
}

function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
