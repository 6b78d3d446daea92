import type { Response } from 'express';
import { once } from 'node:events';
import { csvLines } from '../contract/csv';

/**
 * Writes a CSV export as its rows arrive, a batch at a time, waiting whenever the client reads slower
 * than the batches come: memory holds one batch, whatever the export's size. The header and the status
 * go out with the first batch; a failure after that ends the answer early, which the client sees as an
 * incomplete download rather than a truncated file that looks whole.
 */
export async function streamCsv(response: Response, header: readonly string[], batches: AsyncIterable<(string | number | null)[][]>): Promise<void> {
  response.write(csvLines([[...header]]));
  try {
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      if (!response.write(csvLines(rows))) await once(response, 'drain');
      if (response.destroyed) return;
    }
  } catch (error) {
    response.destroy(error as Error);
    return;
  }
  response.end();
}
