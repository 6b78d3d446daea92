/**
 * CSV (RFC 4180) for exports: every field quoted when it needs to be, and a field that a spreadsheet
 * would run as a formula (starting with =, +, - or @) prefixed with an apostrophe.
 */
export function toCsv(header: readonly string[], rows: (string | number | null)[][]): string {
  return csvLines([[...header], ...rows]);
}

/** Rows as CSV lines, each ended by CRLF: a part of a file written a batch at a time. */
export function csvLines(rows: (string | number | null)[][]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
