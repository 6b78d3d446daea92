import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, expectNoSidewaysPan, MOBILE, openAdmin, screenshotPath, Shop, startShop, unexpectedErrors, openAdminSection, QUIET_MOTION } from './browser-support';
import { expect as expectPage } from './expect-page';

/** A real PNG of one colour with a stripe, so the thumbnails show two different pictures. */
const png = (background: string, stripe: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background } })
    .composite([{ input: { create: { width: 480, height: 90, channels: 3, background: stripe } }, top: 135, left: 0 }])
    .png()
    .toBuffer();

/** Checkout spec §2, §5: a customer opens a case with two images, an admin answers in the Support tab, the customer reads the answer. */
describe('Support cases in a real browser', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop();
  }, 90_000);
  afterAll(async () => shop?.close());

  const signUp = async (page: Page) => {
    const email = `support-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    const response = await page.request.post('/api/auth/signup', { data: { fullName: 'Rosalind Franklin', email, password: 'secret-123' }, headers: { Origin: shop.url } });
    expect(response.status()).toBe(201);
  };

  /** Every thumbnail in the locator's scope has loaded real pixels (the private attachment route answered the session). */
  const expectImagesLoaded = async (page: Page, scope: string, count: number) => {
    await expectPage(page.locator(`${scope} .image-thumb img`)).toHaveCount(count);
    type Images = { querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }> };
    await page.waitForFunction(
      (selector) => Array.from((globalThis as unknown as { document: Images }).document.querySelectorAll(selector)).every((image) => image.complete && image.naturalWidth > 0),
      `${scope} .image-thumb img`,
    );
  };

  it('opens a case with two images, is answered in the back office, and shows the answer to the customer', async () => {
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await signUp(page);
    await page.goto('/dashboard/support');
    await expectPage(page.getByRole('heading', { level: 1, name: 'Support Cases' })).toBeVisible();
    await expectPage(page.getByText('You have no support cases.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'New Support Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Case' });
    await expectPage(dialog).toBeVisible();
    // No Order ID field unless the dialog was opened for an order (spec §5).
    await expectPage(dialog.getByLabel('Order ID')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await expectPage(dialog.getByText('Subject is required')).toBeVisible();
    await expectPage(dialog.getByText('Category is required')).toBeVisible();
    await expectPage(dialog.getByText('Description must be at least 10 characters')).toBeVisible();

    const files = dialog.getByLabel('Attachments (optional)');
    const six = await Promise.all(['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#111827'].map((colour) => png(colour, '#ffffff')));
    await files.setInputFiles(six.map((buffer, index) => ({ name: `photo-${index + 1}.png`, mimeType: 'image/png', buffer })));
    await expectPage(page.getByText('You can only upload up to 5 images.')).toBeVisible();
    await expectPage(dialog.locator('.image-thumb')).toHaveCount(0);

    await files.setInputFiles([
      { name: 'cracked-vial.png', mimeType: 'image/png', buffer: await png('#0f766e', '#fde047') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('silently dropped: not an image') },
      { name: 'label.png', mimeType: 'image/png', buffer: await png('#1e3a8a', '#f97316') },
    ]);
    await expectPage(dialog.getByRole('img', { name: 'cracked-vial.png' })).toBeVisible();
    await expectPage(dialog.getByRole('img', { name: 'label.png' })).toBeVisible();
    await expectPage(dialog.locator('.image-thumb')).toHaveCount(2);

    await dialog.getByLabel('Subject').fill('Vial arrived cracked');
    await dialog.getByLabel('Category').selectOption('order_issue');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Description').fill('The BPC-157 vial was cracked when the parcel arrived. Photos attached.');
    await page.screenshot({ path: screenshotPath('support-case-dialog-1280') });
    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await expectPage(page.getByText('Support Case Created')).toBeVisible();
    await expectPage(dialog).toHaveCount(0);

    const link = page.getByRole('link', { name: /Vial arrived cracked/ });
    await expectPage(link).toBeVisible();
    await link.click();
    await expectPage(page.getByRole('heading', { level: 1, name: 'Vial arrived cracked' })).toBeVisible();
    await expectImagesLoaded(page, '.support-messages', 2);
    const caseId = Number(new URL(page.url()).pathname.split('/').pop());

    const admin = await openAdmin(shop, DESKTOP);
    await openAdminSection(admin.page, 'Support');
    await expectPage(admin.page.getByRole('heading', { name: 'Support Cases' })).toBeVisible();
    const card = admin.page.locator('.support-admin-card').filter({ hasText: 'Vial arrived cracked' });
    await expectPage(card).toBeVisible();
    await admin.page.screenshot({ path: screenshotPath('admin-support-queue-1280'), fullPage: true });
    await card.getByRole('button', { name: /View & reply/ }).click();
    const caseDialog = admin.page.getByRole('dialog', { name: `Support Case #${caseId}` });
    await expectPage(caseDialog).toBeVisible();
    await expectImagesLoaded(admin.page, '.support-admin-thread', 2);
    await caseDialog.getByLabel('Reply to the customer').fill('Sorry about that! A replacement vial ships today by express post.');
    await admin.page.screenshot({ path: screenshotPath('admin-support-case-1280') });
    await caseDialog.getByRole('button', { name: 'Send reply' }).click();
    await expectPage(admin.page.getByText('The customer sees it on their dashboard and is notified by e-mail.')).toBeVisible();
    await expectPage(caseDialog.locator('.support-status')).toHaveText('Answered');
    expect(unexpectedErrors(admin.consoleErrors)).toEqual([]);

    // The back office on a phone: the answered case, filtered, opened.
    const adminPhone = await openAdmin(shop, MOBILE);
    await openAdminSection(adminPhone.page, 'Support');
    await adminPhone.page.getByLabel('Show').selectOption('answered');
    await adminPhone.page.locator('.support-admin-card').filter({ hasText: 'Vial arrived cracked' }).getByRole('button', { name: /View/ }).click();
    await expectPage(adminPhone.page.getByRole('dialog', { name: `Support Case #${caseId}` }).getByText('A replacement vial ships today')).toBeVisible();
    await expectNoSidewaysPan(adminPhone.page, MOBILE.width);
    await adminPhone.page.screenshot({ path: screenshotPath('admin-support-case-390') });

    await page.reload();
    await expectPage(page.getByText('Sorry about that! A replacement vial ships today by express post.')).toBeVisible();
    await expectPage(page.locator('.support-thread-header .support-status')).toHaveText('Answered');
    await expectPage(page.getByText('Support team')).toBeVisible();
    await page.screenshot({ path: screenshotPath('support-case-thread-1280'), fullPage: true });

    await page.getByLabel('Your reply').fill('Thank you, it arrived safely.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expectPage(page.getByText('Thank you, it arrived safely.')).toBeVisible();
    await expectPage(page.locator('.support-thread-header .support-status')).toHaveText('Open');
    expect(unexpectedErrors(consoleErrors)).toEqual([]);

    // The same customer on a phone: the thread and the dialog fit 390 px.
    const phone = await page.context().browser()!.newContext({ baseURL: shop.url, viewport: MOBILE, storageState: await page.context().storageState() , ...QUIET_MOTION });
    const mobile = await phone.newPage();
    await mobile.goto(`/dashboard/support/${caseId}`);
    await expectPage(mobile.getByText('Sorry about that! A replacement vial ships today by express post.')).toBeVisible();
    await expectImagesLoaded(mobile, '.support-messages', 2);
    await expectNoSidewaysPan(mobile, MOBILE.width);
    await mobile.screenshot({ path: screenshotPath('support-case-thread-390'), fullPage: true });
    await mobile.goto('/dashboard/support');
    await mobile.getByRole('button', { name: 'New Support Case' }).click();
    const mobileDialog = mobile.getByRole('dialog', { name: 'Create Support Case' });
    await mobileDialog.getByLabel('Attachments (optional)').setInputFiles([{ name: 'one.png', mimeType: 'image/png', buffer: await png('#be123c', '#fef9c3') }]);
    await expectPage(mobileDialog.locator('.image-thumb')).toHaveCount(1);
    await expectNoSidewaysPan(mobile, MOBILE.width);
    await mobile.screenshot({ path: screenshotPath('support-case-dialog-390') });
    await mobileDialog.getByRole('button', { name: 'Remove one.png' }).click();
    await expectPage(mobileDialog.locator('.image-thumb')).toHaveCount(0);
    await phone.close();
  }, 120_000);
});
