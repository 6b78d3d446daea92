import { ReactNode } from 'react';

/** A back-office table: its column headings, skeleton rows while loading, the empty message, then the rows. */
export function AdminTable({
  className = '',
  caption,
  columns,
  isLoading,
  skeletonRows = 5,
  isEmpty,
  emptyText,
  children,
}: {
  className?: string;
  caption?: string;
  columns: string[];
  isLoading: boolean;
  skeletonRows?: number;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <div className={`admin-table-wrap ${className}`}>
      <table className="admin-table">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading &&
            Array.from({ length: skeletonRows }, (_, row) => (
              <tr key={row} aria-hidden>
                {columns.map((column) => (
                  <td key={column}>
                    <span className="skeleton skeleton-line" />
                  </td>
                ))}
              </tr>
            ))}
          {isEmpty && (
            <tr>
              <td colSpan={columns.length} className="admin-empty">
                {emptyText}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
