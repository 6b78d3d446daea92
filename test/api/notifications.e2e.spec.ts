import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { OUTBOX_COLLECTION } from '../../backend/src/notifications/mail/notifier.port';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { signInAsAdmin, startTestApp, TestApp } from '../support/test-app';

interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startMailCatcher(): Promise<{ url: string; mails: CapturedMail[]; close: () => Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const address = { firstName: 'Dorothy', lastName: 'Hodgkin', phone: '0412345678', address: '1 Lab Rd', city: 'Perth', state: 'WA', postalCode: '6000' };

describe('Order notifications', () => {
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let shop: TestApp;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startTestApp({ env: { SMTP_URL: mail.url } });
  });
  afterAll(async () => {
    await shop.close();
    await mail.close();
  });

  it('e-mails the customer when an order is placed and when it ships, once each, and records both in the outbox', async () => {
    const [product] = (await shop.agent().get('/api/products').query({ sortBy: 'popularity' }).expect(200)).body;
    const order = (
      await shop.agent().post('/api/orders').send({ customerEmail: 'dorothy@example.com', paymentMethod: 'bitcoin', shippingMethod: 'express', shippingAddress: address, items: [{ productId: product.id, quantity: 1 }] }).expect(201)
    ).body;
    const admin = shop.agent();
    await signInAsAdmin(admin);
    await admin.put(`/api/orders/${order.id}/shipping`).send({ trackingNumber: 'TRACK123456', shippingCarrier: 'UPS' }).expect(200);
    await shop.app.get(ProjectionRunner).drain();

    const received = mail.mails.filter((m) => m.to.includes('dorothy@example.com'));
    expect(received).toHaveLength(2);
    expect(received[0].raw).toContain(`Order #${order.id} received`);
    expect(received[0].raw).toContain(`A$${order.totalAmount}`);
    expect(received[1].raw).toContain(`Order #${order.id} has shipped`);
    expect(received[1].raw).toContain('TRACK123456');

    const outbox = await shop.app.get<ReadStore>(READ_STORE).collection(OUTBOX_COLLECTION).find({ to: 'dorothy@example.com' });
    expect(outbox.map((entry) => entry.status)).toEqual(['sent', 'sent']);

    await shop.app.get(ProjectionRunner).rebuild();
    await shop.app.get(ProjectionRunner).drain();
    expect(mail.mails.filter((m) => m.to.includes('dorothy@example.com'))).toHaveLength(2);
  });
});
