import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type PDFKit from 'pdfkit';
import { APP_CONFIG, AppConfig } from '../../config';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { storeTime } from '../../shared/contract/store-time';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { orderStream, upcastOrderStreamEvent } from '../contract/order.events';
import { InvoiceDocument, invoiceFileName, invoiceOf, invoiceSourceOf } from '../contract/tax-invoice';

/**
 * Issue 22: the tax invoice of a paid order as a PDF (a receipt where the shop is not registered for GST): to its
 * buyer and staff (the route decides who), and attached to the paid mail. Read from the order's own events, so the
 * mail sent as the payment is recorded never waits for a read model. 409 while the order is unpaid.
 */
export class TaxInvoicePdf extends Query<{ fileName: string; bytes: Buffer }> {
  constructor(readonly orderId: number) {
    super();
  }
}

@QueryHandler(TaxInvoicePdf)
export class TaxInvoicePdfHandler implements IQueryHandler<TaxInvoicePdf> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId }: TaxInvoicePdf) {
    const recorded = await this.events.readStream(orderStream(orderId));
    if (recorded.length === 0) throw new NotFoundError('Order not found');
    const source = invoiceSourceOf(recorded.map((event) => ({ event: upcastOrderStreamEvent(event), at: event.metadata.occurredAt })));
    if (source === null) throw new ConflictError(`The invoice of order ${orderId} is issued once the order is paid.`);
    const document = invoiceOf(source, this.config.business);
    return { fileName: invoiceFileName(document), bytes: await renderInvoice(document) };
  }
}

const A$ = (amount: string) => `A$${amount}`;
const MARGIN = 50;
const COLUMNS = { description: MARGIN, quantity: 330, unitPrice: 380, amount: 470 } as const;
const RIGHT_EDGE = 545;

/** Lays the invoice out on one A4 page (more when it has many lines), in the standard Helvetica every PDF reader has. */
export function renderInvoice(invoice: InvoiceDocument): Promise<Buffer> {
  // Loaded on the first invoice, not at every start (pdfkit and its fonts take a few hundred milliseconds to load).
  const PDFDocument = require('pdfkit') as typeof PDFKit;
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${invoice.title} ${invoice.number}`, Author: invoice.seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(22).text(invoice.title, MARGIN, MARGIN);
  pdf.moveDown(0.3).font('Helvetica-Bold').fontSize(12).text(invoice.seller.name);
  pdf.font('Helvetica').fontSize(10);
  if (invoice.seller.abn) pdf.text(`ABN ${invoice.seller.abn}`);
  if (invoice.gstIncluded === null) pdf.text('Not registered for GST: no GST is charged.');
  pdf.moveDown();
  pdf.text(`Invoice number: ${invoice.number}`);
  pdf.text(`Date of issue: ${storeTime(invoice.issuedAt)}`);
  pdf.text(`Order: #${invoice.orderId}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').text('Billed to');
  pdf.font('Helvetica').text(invoice.buyer.name).text(invoice.buyer.email);
  for (const line of invoice.buyer.address) pdf.text(line);
  pdf.moveDown(1.5);

  const row = (cells: { description: string; quantity: string; unitPrice: string; amount: string }, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(cells.description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    const afterDescription = pdf.y;
    pdf.text(cells.quantity, COLUMNS.quantity, y, { width: COLUMNS.unitPrice - COLUMNS.quantity - 10, align: 'right' });
    pdf.text(cells.unitPrice, COLUMNS.unitPrice, y, { width: COLUMNS.amount - COLUMNS.unitPrice - 10, align: 'right' });
    pdf.text(cells.amount, COLUMNS.amount, y, { width: RIGHT_EDGE - COLUMNS.amount, align: 'right' });
    pdf.x = MARGIN;
    pdf.y = Math.max(afterDescription, pdf.y) + 4;
  };
  const rule = () => {
    pdf.moveTo(MARGIN, pdf.y).lineTo(RIGHT_EDGE, pdf.y).lineWidth(0.5).strokeColor('#94a3b8').stroke();
    pdf.y += 6;
  };
  const total = (label: string, amount: string, bold = false) => row({ description: label, quantity: '', unitPrice: '', amount }, bold);

  row({ description: 'Description', quantity: 'Qty', unitPrice: 'Unit price', amount: 'Amount' }, true);
  rule();
  for (const line of invoice.lines) row({ description: line.description, quantity: String(line.quantity), unitPrice: A$(line.unitPrice), amount: A$(line.amount) });
  rule();
  total('Subtotal', A$(invoice.subtotal));
  if (invoice.discount) total(invoice.discount.label, `-${A$(invoice.discount.amount)}`);
  total(invoice.shipping.label, A$(invoice.shipping.amount));
  total(invoice.gstIncluded === null ? 'Total' : 'Total (GST included)', A$(invoice.total), true);
  if (invoice.gstIncluded !== null) total('GST included in the total', A$(invoice.gstIncluded));
  pdf.moveDown();
  pdf.font('Helvetica').fontSize(10).text(invoice.payment, MARGIN, pdf.y, { width: RIGHT_EDGE - MARGIN });
  if (invoice.refunded) pdf.moveDown(0.5).text(`Refunded since: ${A$(invoice.refunded)} (see the order's history).`);
  pdf.moveDown(2);
  pdf.fontSize(8).fillColor('#475569').text('Prices are in Australian dollars and include GST where shown. For laboratory research use only. Not for human consumption.', { width: RIGHT_EDGE - MARGIN });
  pdf.end();
  return done;
}
