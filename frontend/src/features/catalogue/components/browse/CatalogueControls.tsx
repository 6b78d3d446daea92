import { LayoutGrid, List, Search, X } from 'lucide-react';
import { forwardRef, InputHTMLAttributes, useId } from 'react';
import type { Category } from '../../../../api/types';
import type { ProductLayout } from '../ProductCard';
import type { SortChoice } from './product-sorting';
import './catalogue.css';
import { IconButton } from '../../../../components/ui/IconButton';

export type GridColumns = 2 | 3 | 4 | 5;
export const GRID_COLUMNS: readonly GridColumns[] = [2, 3, 4, 5];

/** "All Categories" plus one toggle per category; the pressed one is the active filter. */
export function CategoryChips({
  categories,
  selectedId,
  onSelect,
  label = 'Filter by category',
}: {
  categories: Category[] | undefined;
  selectedId: number | null;
  onSelect(id: number | null): void;
  label?: string;
}) {
  return (
    <div className="category-chips" role="group" aria-label={label}>
      <button type="button" className="chip" aria-pressed={selectedId === null} onClick={() => onSelect(null)}>
        All Categories
      </button>
      {categories?.map((category) => (
        <button key={category.id} type="button" className="chip" aria-pressed={selectedId === category.id} onClick={() => onSelect(category.id)}>
          {category.name}
        </button>
      ))}
    </div>
  );
}

/** The chosen category as a badge whose button clears the filter. */
export function CategoryFilterBadge({ category, prefix = '', onRemove }: { category: Category; prefix?: string; onRemove(): void }) {
  return (
    <span className="filter-badge">
      {prefix}
      {category.name}
      <IconButton label={`Remove category filter ${category.name}`} onClick={onRemove}>
        <X size={14} aria-hidden />
      </IconButton>
    </span>
  );
}

export function SortSelect<Value extends string>({
  choices,
  value,
  onChange,
}: {
  choices: readonly SortChoice<Value>[];
  value: NoInfer<Value>;
  onChange(value: NoInfer<Value>): void;
}) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LayoutToggle({ layout, onChange }: { layout: ProductLayout; onChange(layout: ProductLayout): void }) {
  return (
    <div className="segmented" role="group" aria-label="Layout">
      <IconButton label="Grid view" aria-pressed={layout === 'grid'} onClick={() => onChange('grid')}>
        <LayoutGrid size={18} aria-hidden />
      </IconButton>
      <IconButton label="List view" aria-pressed={layout === 'list'} onClick={() => onChange('list')}>
        <List size={18} aria-hidden />
      </IconButton>
    </div>
  );
}

export function ColumnPicker({ columns, onChange }: { columns: GridColumns; onChange(columns: GridColumns): void }) {
  return (
    <div className="segmented column-picker" role="group" aria-label="Columns">
      {GRID_COLUMNS.map((count) => (
        <IconButton key={count} label={`${count} columns`} aria-pressed={columns === count} onClick={() => onChange(count)}>
          {count}
        </IconButton>
      ))}
    </div>
  );
}

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  onClear?(): void;
};

/** A search input with a visually hidden label, a search icon and a clear button once there is text. */
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(function SearchField(
  { label, value, onValueChange, onClear, className, ...inputProps },
  ref,
) {
  const id = useId();
  return (
    <div className={`search-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search size={18} className="search-field-icon" aria-hidden />
      <input
        ref={ref}
        id={id}
        type="search"
        className="input"
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
      {value && (
        <IconButton className="search-field-clear" label="Clear search" onClick={() => (onClear ? onClear() : onValueChange(''))}>
          <X size={16} aria-hidden />
        </IconButton>
      )}
    </div>
  );
});

export function productCount(count: number): string {
  return `${count} product${count === 1 ? '' : 's'}`;
}
