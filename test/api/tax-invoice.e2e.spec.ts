import request from 'supertest';
import { gstIncluded } from '../../backend/src/ordering/contract/gst';
import { eventually } from '../support/eventually';
import { MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { mailAttachment, pdfText } from '../support/pdf-text';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

const sydney = { firstName: 'Tina', lastName: 'Invoice', phone: '0412345678', address: '9 Ledger Lane', city: 'Sydney', state: 'NSW', postalCode: '2000' };

interface OrderBody {
  id: number;
  totalAmount: string;
}

/** Issue 22: a paid order's tax invoice (a receipt when the shop is not registered for GST), as a PDF whose text is checked with pdf.js. */
describe('Tax invoices', () => {
  let mail: MailCatcher;
  let shop: TestApp;
  let admin: request.Agent;
  let productId: number;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url, BUSINESS_NAME: 'Invoice Test Labs Pty Ltd', BUSINESS_ABN: '53004085616' } });
    admin = shop.agent();
    await signInAsAdmin(admin);
    productId = (await admin.post('/api/admin/products').send({ name: 'Invoiced peptide', sku: `INV-${Date.now()}`, price: '72.50', stock: 100 }).expect(201)).body.id;
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  const place = async (buyer: request.Agent, email: string, paymentMethod = 'bitcoin', shippingMethod = 'regular') =>
    (await buyer.post('/api/orders').send({ customerEmail: email, paymentMethod, shippingMethod, shippingAddress: sydney, items: [{ productId, quantity: 2 }] }).expect(201)).body as OrderBody;
  const pay = async (buyer: request.Agent, orderId: number) => {
    const payment = (await buyer.post('/api/payments/crypto').send({ orderId, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
    await admin.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: `${orderId}`.padStart(64, 'c') }).expect(200);
  };
  const invoiceOf = (agent: request.Agent, orderId: number) => agent.get(`/api/orders/${orderId}/invoice.pdf`).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

  it("gives the buyer and staff a paid order's tax invoice: seller, ABN, number, date, buyer, lines and the GST included; the paid mail carries the same PDF", async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const order = await place(buyer, user.email);
    const unpaid = await buyer.get(`/api/orders/${order.id}/invoice.pdf`).expect(409);
    expect(unpaid.body.message).toBe(`The invoice of order ${order.id} is issued once the order is paid.`);
    await pay(buyer, order.id);

    const number = `INV-${String(order.id).padStart(6, '0')}`;
    const response = await invoiceOf(buyer, order.id).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tax-invoice-${number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { pages, info } = pdfText(response.body as Buffer);
    expect(info.Title).toBe(`Tax invoice ${number}`);
    const [text] = pages;
    for (const expected of [
      'Tax invoice',
      'Invoice Test Labs Pty Ltd',
      'ABN 53 004 085 616',
      `Invoice number: ${number}`,
      `Order: #${order.id}`,
      'Billed to Tina Invoice',
      user.email,
      '9 Ledger Lane',
      'Sydney NSW 2000',
      'Invoiced peptide',
      '2 A$72.50 A$145.00',
      'Regular Shipping A$0.00',
      `Total (GST included) A$${order.totalAmount}`,
      `GST included in the total A$${gstIncluded(order.totalAmount)}`,
      'Paid in full by Bitcoin (BTC)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Date of issue: \d{1,2} \w{3} \d{4}/);

    // Staff read it too; nobody else learns the order exists.
    await invoiceOf(admin, order.id).expect(200);
    await shop.agent().get(`/api/orders/${order.id}/invoice.pdf`).expect(404);
    const other = shop.agent();
    await signUp(other);
    await other.get(`/api/orders/${order.id}/invoice.pdf`).expect(404);

    // The paid mail says so and carries the PDF; the outbox keeps its name only.
    const file = `tax-invoice-${number}.pdf`;
    await eventually(() => expect(mail.mails.find((sent) => sent.to.includes(user.email) && sent.raw.includes(file))).toBeDefined());
    const paidMail = mail.mails.find((sent) => sent.to.includes(user.email) && sent.raw.includes(file))!;
    const attached = mailAttachment(paidMail.raw, file);
    expect(attached).not.toBeNull();
    expect(pdfText(attached!).pages[0]).toContain(`Invoice number: ${number}`);
    const outbox = (await admin.get('/api/admin/notifications/outbox').expect(200)).body as { entries: { to: string; subject: string; attachments?: string[] }[] };
    expect(outbox.entries.find((entry) => entry.to === user.email && entry.subject === `Payment received for order #${order.id}`)?.attachments).toEqual([file]);
  });

  it('dates a cash-on-delivery invoice from the delivery, when the cash was collected', async () => {
    const buyer = shop.agent();
    const { user } = await signUp(buyer);
    const order = await place(buyer, user.email, 'cash_on_delivery', 'cash_on_delivery');
    await buyer.get(`/api/orders/${order.id}/invoice.pdf`).expect(409);
    await admin.put(`/api/orders/${order.id}/status`).send({ status: 'delivered' }).expect(200);
    const text = pdfText((await invoiceOf(buyer, order.id).expect(200)).body as Buffer).pages[0];
    expect(text).toContain('Paid in full by cash on delivery');
    expect(text).toContain('Cash on Delivery A$50.00');
  });

  it('issues a plain receipt without GST when the shop is not registered for GST', async () => {
    const receipts = await startTestApp({ env: { GST_REGISTERED: 'false' } });
    try {
      const staff = receipts.agent();
      await signInAsAdmin(staff);
      const product = (await staff.post('/api/admin/products').send({ name: 'Receipt peptide', sku: `RCP-${Date.now()}`, price: '30.00', stock: 5 }).expect(201)).body.id as number;
      const buyer = receipts.agent();
      const order = (await buyer.post('/api/orders').send({ customerEmail: 'receipt@example.com', paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: sydney, items: [{ productId: product, quantity: 1 }] }).expect(201)).body as OrderBody;
      const payment = (await buyer.post('/api/payments/crypto').send({ orderId: order.id, paymentMethod: 'bitcoin' }).expect(201)).body as { id: number };
      await staff.post(`/api/admin/payments/${payment.id}/confirm`).send({ transactionHash: 'e'.repeat(64) }).expect(200);
      // The guest browser that placed it may read it.
      const response = await buyer.get(`/api/orders/${order.id}/invoice.pdf`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-INV-${String(order.id).padStart(6, '0')}.pdf"`);
      const text = pdfText(response.body as Buffer).pages[0];
      expect(text).toContain('Receipt');
      expect(text).toContain('Not registered for GST: no GST is charged.');
      expect(text).not.toContain('Tax invoice');
      expect(text).not.toContain('GST included');
      expect(text).toContain(`Total A$${order.totalAmount}`);
    } finally {
      await receipts.close();
    }
  });
});
