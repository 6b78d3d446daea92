import sharp from 'sharp';
import { adminApiClient, DESKTOP, expectNoSidewaysPan, MOBILE, openAdmin, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';

const sydney = { firstName: 'Rosalind', lastName: 'Franklin', phone: '02 9876 5432', address: '1 Science Rd', city: 'Sydney', state: 'NSW', postalCode: '2006', country: 'Australia' };

/** Institution verification before shipping, on as in a shop started without the setting: the customer's screens at 390 px, the queue at 1280 px. */
describe('Institution verification in a real browser', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop({ VERIFY_BEFORE_SHIPPING: 'true' });
  }, 90_000);
  afterAll(async () => shop?.close());

  it('asks a paying customer for their verification on the order page, takes it on a phone, and ships once staff approve it', async () => {
    const admin = await adminApiClient(shop);
    const [product] = ((await (await fetch(`${shop.url}/api/products`)).json()) as { id: number; stock: number }[]).filter((candidate) => candidate.stock >= 1);

    const { page, consoleErrors } = await shop.newPage(MOBILE);
    const email = `rosalind-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/signup', { data: { fullName: 'Rosalind Franklin', email, password: 'secret-123' }, headers: { Origin: shop.url } })).status()).toBe(201);
    const order = (await (await page.request.post('/api/orders', { data: { customerEmail: email, paymentMethod: 'bitcoin', shippingMethod: 'regular', shippingAddress: sydney, items: [{ productId: product.id, quantity: 1 }] }, headers: { Origin: shop.url } })).json()) as { id: number };
    const payment = (await (await page.request.post('/api/payments/crypto', { data: { orderId: order.id, paymentMethod: 'bitcoin' }, headers: { Origin: shop.url } })).json()) as { id: number };
    expect((await admin.post(`/api/admin/payments/${payment.id}/confirm`, { data: { transactionHash: 'd'.repeat(64) } })).status()).toBe(200);
    const refused = await admin.put(`/api/orders/${order.id}/shipping`, { data: { trackingNumber: 'TRK-VER-1', shippingCarrier: 'DHL' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/cannot ship yet: its buyer has not verified their institution/);

    await page.goto(`/orders/${order.id}`);
    const notice = page.getByRole('note').filter({ hasText: 'Before we can ship: verify your institution.' });
    await expectPage(notice).toBeVisible();
    await page.screenshot({ path: screenshotPath('verification-order-notice-390'), fullPage: true });
    await expectNoSidewaysPan(page, MOBILE.width);

    await notice.getByRole('link', { name: 'Submit your verification' }).click();
    await expectPage(page.getByRole('heading', { level: 1, name: 'Institution verification' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expectPage(page.getByText('Institution is required')).toBeVisible();
    await page.getByRole('textbox', { name: /^Institution(?!al)/ }).fill('University of Sydney');
    await page.getByRole('textbox', { name: /^Position/ }).fill('Postdoctoral researcher');
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expectPage(page.getByText('Give an institutional e-mail address or a photo of a document that shows your affiliation')).toBeVisible();
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    await page.getByLabel('Photo of a document').setInputFiles({ name: 'staff-card.png', mimeType: 'image/png', buffer: photo });
    await page.screenshot({ path: screenshotPath('verification-form-390'), fullPage: true });
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expectPage(page.getByText('Waiting for review')).toBeVisible();
    await expectPage(page.getByRole('img', { name: 'The document you sent' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('verification-submitted-390'), fullPage: true });
    await expectNoSidewaysPan(page, MOBILE.width);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);

    const back = await openAdmin(shop, DESKTOP);
    // The Orders tab says why the paid order cannot ship, before anyone tries.
    await back.page.goto(`/admin/orders?search=${order.id}`);
    const listed = back.page.getByRole('listitem').filter({ has: back.page.getByRole('heading', { name: new RegExp(`Order #${order.id}\\b`) }) });
    await expectPage(listed.getByRole('note')).toContainText('Cannot ship yet. Its buyer has not verified their institution (their verification is waiting for review');
    await back.page.screenshot({ path: screenshotPath('admin-orders-shipping-hold-1280') });
    await back.page.goto('/admin/verifications');
    const card = back.page.getByRole('article', { name: 'Rosalind Franklin' });
    await expectPage(card).toBeVisible();
    await expectPage(card.getByRole('img', { name: 'Document sent by Rosalind Franklin' })).toBeVisible();
    await back.page.screenshot({ path: screenshotPath('admin-verifications-1280'), fullPage: true });
    await expectNoSidewaysPan(back.page, DESKTOP.width);
    await card.getByRole('button', { name: 'Approve the verification of Rosalind Franklin' }).click();
    await expectPage(back.page.getByText('Verification approved')).toBeVisible();
    await expectPage(card).toHaveCount(0);
    await back.page.screenshot({ path: screenshotPath('admin-verifications-approved-1280'), fullPage: true });
    expect(unexpectedErrors(back.consoleErrors)).toEqual([]);

    expect((await admin.put(`/api/orders/${order.id}/shipping`, { data: { trackingNumber: 'TRK-VER-1', shippingCarrier: 'DHL' } })).status()).toBe(200);
    await page.goto(`/orders/${order.id}`);
    await expectPage(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expectPage(page.getByText('Before we can ship')).toHaveCount(0);
  });
});
