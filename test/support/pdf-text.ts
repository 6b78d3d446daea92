import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The text of a PDF's pages and its document info, as pdf.js (Firefox's reader) extracts them. Run in a child
 * process: pdf.js is an ES module that Jest's CommonJS runtime cannot import.
 */
export function pdfText(bytes: Buffer): { pages: string[]; info: Record<string, unknown> } {
  const run = spawnSync(process.execPath, [join(__dirname, 'pdf-text-reader.mjs')], { input: bytes, encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`pdf.js could not read the PDF: ${run.stderr}`);
  return JSON.parse(run.stdout) as { pages: string[]; info: Record<string, unknown> };
}

/** The base64 body of a MIME part with this file name in a raw mail, decoded. */
export function mailAttachment(raw: string, fileName: string): Buffer | null {
  const at = raw.indexOf(`filename=${fileName}`) >= 0 ? raw.indexOf(`filename=${fileName}`) : raw.indexOf(`filename="${fileName}"`);
  if (at < 0) return null;
  const body = raw.slice(raw.indexOf('\r\n\r\n', at) + 4);
  const end = body.indexOf('\r\n--');
  return Buffer.from(body.slice(0, end < 0 ? undefined : end).replace(/\s+/g, ''), 'base64');
}
