import { buildSuggestions, MAX_SUGGESTIONS } from './suggestions';
import { aCategory, aProduct } from '../../../../api/test-fixtures';

const bpcProducts = [1, 2, 3, 4, 5].map((id) => aProduct(id, { name: `BPC-157 ${id * 5}mg`, sku: `PEP-BPC-${id}` }));
const categories = [aCategory(1, 'Peptides'), aCategory(2, 'Peptide Blends'), aCategory(3, 'Pep Supplies'), aCategory(4, 'SARMs')];

describe('search suggestions', () => {
  it('offers recent searches, most recent first, then the trending placeholders before anything is typed', () => {
    const suggestions = buildSuggestions({ text: '', recent: ['tirz', 'bpc'], products: bpcProducts, categories });
    expect(suggestions.map((suggestion) => [suggestion.kind, suggestion.label])).toEqual([
      ['recent', 'tirz'],
      ['recent', 'bpc'],
      ['trending', 'Peptides'],
      ['trending', 'SARMs'],
    ]);
    expect(suggestions.find((suggestion) => suggestion.label === 'Peptides')).toMatchObject({ count: 12 });
    expect(suggestions.find((suggestion) => suggestion.label === 'SARMs')).toMatchObject({ count: 8 });
  });

  it(`never offers more than 4 products, 2 categories and ${MAX_SUGGESTIONS} suggestions in all`, () => {
    const suggestions = buildSuggestions({
      text: 'pep',
      recent: ['pep 1', 'pep 2', 'pep 3'],
      products: [1, 2, 3, 4, 5].map((id) => aProduct(id, { name: `Peptide ${id}` })),
      categories,
    });
    expect(suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestions.filter((suggestion) => suggestion.kind === 'product')).toHaveLength(4);
    expect(suggestions.filter((suggestion) => suggestion.kind === 'category').map((suggestion) => suggestion.label)).toEqual(['Peptides', 'Peptide Blends']);
  });

  it('lets matching recent and trending searches fill the places products and categories leave free', () => {
    const suggestions = buildSuggestions({ text: 'bpc', recent: ['bpc 10mg', 'tirz'], products: bpcProducts.slice(0, 1), categories });
    expect(suggestions.map((suggestion) => [suggestion.kind, suggestion.label])).toEqual([
      ['product', 'BPC-157 5mg'],
      ['recent', 'bpc 10mg'],
    ]);
  });

  it('leaves out products that no longer match what is typed and the exact text already in the box', () => {
    const suggestions = buildSuggestions({ text: 'Peptides', recent: ['peptides'], products: bpcProducts, categories });
    expect(suggestions.map((suggestion) => [suggestion.kind, suggestion.label])).toEqual([['category', 'Peptides']]);
  });

  it('does not repeat a trending search that is already a recent one', () => {
    const suggestions = buildSuggestions({ text: '', recent: ['sarms'], products: [], categories });
    expect(suggestions.map((suggestion) => suggestion.label)).toEqual(['sarms', 'Peptides']);
  });
});
