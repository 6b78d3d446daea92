// Prints the text of each page of the PDF read from stdin, one line per page (pdf.js's own reader, as a browser's).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const content = await (await pdf.getPage(number)).getTextContent();
  pages.push(content.items.map((item) => item.str).join(' ').replace(/\s+/g, ' ').trim());
}
process.stdout.write(JSON.stringify({ pages, info: (await pdf.getMetadata()).info }));
