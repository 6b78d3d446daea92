import { totpCodeAt, totpStepAt } from '../../backend/src/identity/two-factor/totp';
import { DEMO_ADMIN, expectNoSidewaysPan, MOBILE, screenshotPath, seriousAxeViolations, Shop, startShop, unexpectedErrors, QUIET_MOTION } from './browser-support';
import { eventually } from '../support/eventually';
import { expect as expectPage } from './expect-page';

/**
 * Issue 23, deliverable 3, at 390 px with STAFF_2FA=required: the owner is sent from the back office to enrol,
 * scans (reads) the QR code, turns two-factor sign-in on with the keyboard, sees the recovery codes once, and
 * from then on the login form asks for the code.
 */
describe('Two-factor sign-in in a real browser', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop({ STAFF_2FA: 'required' });
  }, 90_000);
  afterAll(async () => shop?.close());

  it('enrols from the account page and then signs in with the code', async () => {
    const context = await shop.browser.newContext({ baseURL: shop.url, viewport: MOBILE, bypassCSP: true , ...QUIET_MOTION });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN, headers: { Origin: shop.url } });
    expect(login.status()).toBe(200);

    // The back office sends staff who have not enrolled to the enrolment.
    await page.goto('/admin');
    await page.waitForURL(/\/dashboard\/account/);
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expectPage(card.getByRole('alert')).toContainText('requires two-factor sign-in for staff');

    const setUp = card.getByRole('button', { name: 'Set up two-factor sign-in' });
    await setUp.focus();
    await page.keyboard.press('Enter');
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor({ timeout: 15_000 });
    const otpauthUrl = (await qr.getAttribute('data-payload'))!;
    const secret = new URL(otpauthUrl).searchParams.get('secret')!;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    await expectPage(card.locator('.two-factor-secret')).toHaveText(secret);
    // The QR's picture is decoded after its element is on the page.
    await eventually(async () => expect(Number(await page.evaluate('document.querySelector("[data-testid=two-factor-qr]").naturalWidth'))).toBeGreaterThan(100));

    const step = totpStepAt(Date.now());
    const codeField = card.getByRole('textbox', { name: 'Code from the app' });
    await codeField.focus();
    await page.keyboard.type(totpCodeAt(secret, step * 30_000));
    await page.keyboard.press('Enter');
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expectPage(codes.first()).toBeVisible();
    await expectPage(codes).toHaveCount(10);
    await expectNoSidewaysPan(page, MOBILE.width);
    expect(await seriousAxeViolations(page, '#two-factor')).toEqual([]);
    await page.screenshot({ path: screenshotPath('two-factor-recovery-codes-390'), fullPage: true });
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expectPage(card.getByText(/10 of 10 recovery codes left/)).toBeVisible();

    // Enrolled: the back office opens.
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: /Admin$/ }).waitFor({ timeout: 15_000 });

    // Signed out, the login form asks for the code after the password.
    await page.request.get('/api/logout', { maxRedirects: 0 });
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    const askedCode = form.getByRole('textbox', { name: 'Authentication code' });
    await askedCode.waitFor({ timeout: 15_000 });
    // The field takes the focus once drawn (an effect): waited for, not read once.
    await eventually(async () => expect(await page.evaluate('document.activeElement.id')).toBe('login-code'));
    await expectNoSidewaysPan(page, MOBILE.width);
    await page.screenshot({ path: screenshotPath('two-factor-login-code-390'), fullPage: true });
    // A step after the enrolment's (a code is good once), and no older than now: on a busy machine more than a
    // step's neighbourhood may have passed since the enrolment.
    await askedCode.fill(totpCodeAt(secret, Math.max(step + 1, totpStepAt(Date.now())) * 30_000));
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: /Admin$/ }).waitFor({ timeout: 15_000 });
    // The only errors are the login's own 401 (the request for the code) and the enrolment gate's 403 before it.
    expect(unexpectedErrors(consoleErrors, [401, 403])).toEqual([]);
    await context.close();
  }, 120_000);
});
