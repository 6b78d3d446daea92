import { DESKTOP, expectNoSidewaysPan, MOBILE, openAdmin, openAdminSection, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';

/** The back office's API tokens section (issue 23): make a token, see it once with its curl line, use it, revoke it. */
describe('Back office: API tokens in a real browser', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it.each([
    ['a phone', MOBILE],
    ['a desktop', DESKTOP],
  ])('on %s: makes a token shown once with a curl line, which reads traffic until it is revoked', async (_, viewport) => {
    const { page, consoleErrors } = await openAdmin(shop, viewport);
    await openAdminSection(page, 'API tokens');
    const name = `Metabase ${viewport.width}`;

    await page.getByRole('button', { name: 'New API token' }).click();
    const create = page.getByRole('dialog', { name: 'New API token' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Audit log and its export').uncheck();
    await create.getByLabel('Valid for (days)').fill('30');
    await create.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: `API token "${name}"` });
    // Waited for, then read: the dialog opens as the answer comes in.
    await expectPage(shown.locator('code').first()).toHaveText(/^shop_[A-Za-z0-9_-]{43}$/);
    const token = (await shown.locator('code').first().textContent())!.trim();
    await expectPage(shown.locator('code').nth(1)).toHaveText(`curl -H "Authorization: Bearer ${token}" "${shop.url}/api/analytics/traffic?days=30"`);
    await expectPage(shown.getByRole('button', { name: 'Copy api token' })).toBeVisible();
    await expectNoSidewaysPan(page, viewport.width);
    await page.screenshot({ path: screenshotPath(`admin-api-token-shown-${viewport.width}`) });
    await shown.getByRole('button', { name: 'Close' }).last().click();

    // What the curl line does, from a client with no cookie.
    const client = await shop.newApiClient();
    expect((await client.get('/api/analytics/traffic?days=30', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
    expect((await client.get('/api/admin/audit', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Active').waitFor();
    await expectNoSidewaysPan(page, viewport.width);
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog', { name: `Revoke "${name}"?` }).getByRole('button', { name: 'Revoke' }).click();
    await row.getByText(/^Revoked/).waitFor();
    await page.screenshot({ path: screenshotPath(`admin-api-tokens-${viewport.width}`), fullPage: true });
    expect((await client.get('/api/analytics/traffic?days=30', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
