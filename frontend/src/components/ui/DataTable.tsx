import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ReactNode, useMemo, useState } from 'react';
import './data-table.css';

/** One column: its heading, what each row shows in it, and optionally how rows sort by it. */
export interface DataColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Amounts and counts: right-aligned on a wide screen. */
  numeric?: boolean;
  /** Makes the heading a sort button (rows sorted in the browser): the value rows are compared by. */
  sortValue?(row: Row): string | number;
  /** On a phone's card, the first line (e.g. the order number), shown without its heading. */
  title?: boolean;
}

type Sort = { column: string; direction: 'ascending' | 'descending' };

/**
 * A list of records as a table on a wide screen and as one card per record under 640 px (the same cells, each
 * with its heading), so no column is ever cut off on a phone. Headings with a `sortValue` sort the rows; the
 * sorted heading says so to screen readers (`aria-sort`). Skeleton rows while loading, the empty text when none.
 * Paging stays with the list's owner (its Pager), since the server pages. The table's roles are given explicitly,
 * so the cards keep being a table to screen readers after CSS changes how it is drawn.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  skeletonRows = 5,
  emptyText,
  initialSort,
  className = '',
}: {
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey(row: Row): string | number;
  isLoading?: boolean;
  skeletonRows?: number;
  emptyText: string;
  initialSort?: Sort;
  className?: string;
}) {
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((candidate) => candidate.id === sort.column) : undefined;
    if (!rows || !sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
    });
  }, [rows, columns, sort]);
  const toggle = (column: string) =>
    setSort((current) => ({ column, direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending' }));

  return (
    <div className={`data-table-wrap ${className}`}>
      <table className="data-table" role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const sortedHere = sort?.column === column.id ? sort.direction : undefined;
              const Icon = sortedHere === 'ascending' ? ArrowUp : sortedHere === 'descending' ? ArrowDown : ArrowUpDown;
              return (
                <th key={column.id} role="columnheader" scope="col" className={column.numeric ? 'data-table-numeric' : undefined} aria-sort={column.sortValue ? (sortedHere ?? 'none') : undefined}>
                  {column.sortValue ? (
                    <button type="button" className="data-table-sort" onClick={() => toggle(column.id)}>
                      {column.header} <Icon size={14} aria-hidden />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {isLoading &&
            Array.from({ length: skeletonRows }, (_, row) => (
              <tr key={row} role="row" aria-hidden>
                {columns.map((column) => (
                  <td key={column.id}>
                    <span className="skeleton skeleton-line" />
                  </td>
                ))}
              </tr>
            ))}
          {!isLoading && sorted?.length === 0 && (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className="data-table-empty">
                {emptyText}
              </td>
            </tr>
          )}
          {sorted?.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td key={column.id} role="cell" data-label={column.header} className={[column.numeric && 'data-table-numeric', column.title && 'data-table-title'].filter(Boolean).join(' ') || undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
