import { productChangesSchema, productInputSchema } from '../../../../../backend/src/catalogue/contract/product-input';
import { aProduct } from '../../../api/test-fixtures';
import {
  EMPTY_PRODUCT_FORM,
  imageFileProblem,
  MAX_IMAGE_BYTES,
  parseBadges,
  parseCategoryId,
  parseStock,
  productFormSchema,
  ProductFormValues,
  productToFormValues,
  toChangesPayload,
  toCreatePayload,
} from './product-form';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: '  TB-500 5mg ',
  sku: ' TB5-001 ',
  description: 'Thymosin beta-4 fragment.',
  price: '59.9',
  stock: '25',
  categoryId: '3',
  grade: 'Research Grade',
  dosage: '5mg',
  contents: '1 vial, lyophilised',
  badges: 'Hot, Bestseller, , hot',
};

function errorsOf(values: ProductFormValues): Record<string, string> {
  const result = productFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('product form validation (checkout spec §5)', () => {
  it('requires name, SKU, price and stock', () => {
    expect(errorsOf({ ...EMPTY_PRODUCT_FORM, stock: '' })).toEqual({
      name: 'Name is required',
      sku: 'SKU is required',
      price: 'Price is required',
      stock: 'Stock is required',
    });
  });

  it('accepts a filled-in product', () => {
    expect(errorsOf(filled)).toEqual({});
  });

  it('wants a price with at most 2 decimals (step 0.01)', () => {
    expect(errorsOf({ ...filled, price: '12.345' })).toEqual({ price: 'Price must be an amount with at most 2 decimals, e.g. 49.90' });
    expect(errorsOf({ ...filled, price: '-1' }).price).toBeDefined();
    expect(errorsOf({ ...filled, price: '12.3' })).toEqual({});
  });

  it('requires the sale price only when On Sale is ticked, and below the price', () => {
    expect(errorsOf({ ...filled, isOnSale: false, salePrice: '' })).toEqual({});
    expect(errorsOf({ ...filled, isOnSale: false, salePrice: 'not checked' })).toEqual({});
    expect(errorsOf({ ...filled, isOnSale: true, salePrice: '' })).toEqual({ salePrice: 'Sale price is required when the product is on sale' });
    expect(errorsOf({ ...filled, isOnSale: true, salePrice: 'abc' })).toEqual({ salePrice: 'Sale price must be an amount with at most 2 decimals, e.g. 39.90' });
    expect(errorsOf({ ...filled, isOnSale: true, salePrice: '59.90' })).toEqual({ salePrice: 'The sale price must be lower than the price' });
    expect(errorsOf({ ...filled, isOnSale: true, salePrice: '49.90' })).toEqual({});
  });

  it('reports the sale price together with the other missing fields', () => {
    expect(Object.keys(errorsOf({ ...EMPTY_PRODUCT_FORM, isOnSale: true }))).toEqual(['name', 'sku', 'price', 'salePrice']);
  });

  it('wants a whole stock count from 0', () => {
    expect(errorsOf({ ...filled, stock: '2.5' })).toEqual({ stock: 'Stock must be a whole number' });
    expect(errorsOf({ ...filled, stock: '-1' })).toEqual({ stock: 'Stock must be at least 0' });
    expect(errorsOf({ ...filled, stock: '2000000' })).toEqual({ stock: 'Stock can be at most 1000000' });
  });

  it('takes an image path or web address, and limits badges', () => {
    expect(errorsOf({ ...filled, imageUrl: '/objects/uploads/abc' })).toEqual({});
    expect(errorsOf({ ...filled, imageUrl: 'https://cdn.example.com/a.png' })).toEqual({});
    expect(Object.keys(errorsOf({ ...filled, imageUrl: 'javascript:alert(1)' }))).toEqual(['imageUrl']);
    expect(Object.keys(errorsOf({ ...filled, badges: Array.from({ length: 11 }, (_, i) => `B${i}`).join(',') }))).toEqual(['badges']);
    expect(Object.keys(errorsOf({ ...filled, badges: 'x'.repeat(41) }))).toEqual(['badges']);
  });
});

describe('parsing the controls', () => {
  it('defaults an unparsable stock to 0', () => {
    expect(parseStock('abc')).toBe(0);
    expect(parseStock('')).toBe(0);
    expect(parseStock(' 12 ')).toBe(12);
  });

  it("turns the category 'none' into null", () => {
    expect(parseCategoryId('none')).toBeNull();
    expect(parseCategoryId('')).toBeNull();
    expect(parseCategoryId('4')).toBe(4);
  });

  it('splits comma-separated badges', () => {
    expect(parseBadges('Hot, Bestseller, , hot')).toEqual(['Hot', 'Bestseller']);
    expect(parseBadges('')).toEqual([]);
  });
});

describe('create payload', () => {
  it('is the whole product as the server parses it, with empty texts as null', () => {
    const payload = toCreatePayload({ ...filled, grade: '  ', imageUrl: '' });
    expect(payload).toEqual({
      name: 'TB-500 5mg',
      sku: 'TB5-001',
      description: 'Thymosin beta-4 fragment.',
      price: '59.90',
      isOnSale: false,
      salePrice: null,
      stock: 25,
      imageUrl: null,
      grade: null,
      dosage: '5mg',
      contents: '1 vial, lyophilised',
      badges: ['Hot', 'Bestseller'],
      categoryId: 3,
      isActive: true,
    });
    expect(productInputSchema.parse(payload)).toEqual(payload);
  });

  it('sends the sale price only when On Sale is ticked', () => {
    expect(toCreatePayload({ ...filled, isOnSale: false, salePrice: '39.90' }).salePrice).toBeNull();
    expect(toCreatePayload({ ...filled, isOnSale: true, salePrice: '39.9' })).toMatchObject({ isOnSale: true, salePrice: '39.90' });
  });

  it("sends category 'none' as null and an unparsable stock as 0", () => {
    expect(toCreatePayload({ ...filled, categoryId: 'none', stock: 'x' })).toMatchObject({ categoryId: null, stock: 0 });
  });
});

describe('changes payload (edit)', () => {
  const product = aProduct(7, { price: '65.00', badges: ['Hot'], dosage: '10mg', contents: '2 vials', isOnSale: true, salePrice: '55.00', categoryId: 2 });
  const initial = productToFormValues(product);

  it('starts the form from the product', () => {
    expect(initial).toMatchObject({ price: '65.00', badges: 'Hot', dosage: '10mg', categoryId: '2', stock: '10', salePrice: '55.00', isOnSale: true });
    expect(productToFormValues(aProduct(8, { categoryId: null, imageUrl: null })).categoryId).toBe('none');
  });

  it('holds only the price when only the price changed, so badges and dosage keep their values', () => {
    const changes = toChangesPayload({ ...initial, price: '70' }, { price: true }, initial);
    expect(changes).toEqual({ price: '70.00' });
    expect(productChangesSchema.parse(changes)).toEqual(changes);
  });

  it('sends the On Sale pair together: unticking it clears the sale price', () => {
    expect(toChangesPayload({ ...initial, isOnSale: false }, { isOnSale: true }, initial)).toEqual({ isOnSale: false, salePrice: null });
    expect(toChangesPayload({ ...initial, salePrice: '50' }, { salePrice: true }, initial)).toEqual({ isOnSale: true, salePrice: '50.00' });
  });

  it('leaves out a field changed back or only re-spaced', () => {
    expect(toChangesPayload({ ...initial, badges: ' Hot ' }, { badges: true }, initial)).toEqual({});
    expect(toChangesPayload({ ...initial, dosage: '10mg' }, { dosage: true })).toEqual({ dosage: '10mg' });
  });

  it('maps each changed control to its field', () => {
    const values = { ...initial, categoryId: 'none', stock: '3', badges: 'Hot, New', imageUrl: '/objects/uploads/x', grade: '', isActive: false };
    const dirty = { categoryId: true, stock: true, badges: true, imageUrl: true, grade: true, isActive: true };
    expect(toChangesPayload(values, dirty, initial)).toEqual({ categoryId: null, stock: 3, badges: ['Hot', 'New'], imageUrl: '/objects/uploads/x', isActive: false });
  });
});

describe('image file check (spec §9: 1 file, 10 MB)', () => {
  it('takes an image up to 10 MB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses larger files and non-images with a clear message', () => {
    expect(imageFileProblem({ name: 'big.png', type: 'image/png', size: 12.5 * 1024 * 1024 })).toBe('big.png is 12.5 MB; images can be at most 10 MB.');
    expect(imageFileProblem({ name: 'edge.png', type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toMatch(/at most 10 MB/);
    expect(imageFileProblem({ name: 'notes.pdf', type: 'application/pdf', size: 100 })).toMatch(/notes\.pdf is not an image/);
    expect(imageFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 100 })).toMatch(/logo\.svg is an image type the shop does not take/);
    expect(imageFileProblem({ name: 'a.webp', type: 'image/webp', size: 100 })).toBeNull();
  });
});
