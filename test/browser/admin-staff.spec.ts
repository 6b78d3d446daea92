import { MailCatcher, matchesMailedTo, startMailCatcher } from '../support/mail-catcher';
import { adminNavigation, DESKTOP, expectNoSidewaysPan, MOBILE, openAdmin, openAdminSection, screenshotPath, Shop, startShop, unexpectedErrors } from './browser-support';
import { expect as expectPage } from './expect-page';

/** The owner's Staff section and the invitee's /staff/accept page (issue 23): invite, join from a phone, see only the role's sections, be removed. */
describe('Back office: staff in a real browser', () => {
  let mail: MailCatcher;
  let shop: Shop;

  beforeAll(async () => {
    mail = await startMailCatcher();
    shop = await startShop({ SMTP_URL: mail.url });
  }, 90_000);
  afterAll(async () => {
    await shop?.close();
    await mail?.close();
  });

  it('invites a fulfilment member who joins from a phone, sees only the orders, and is signed out when removed', async () => {
    const email = `packer-${Date.now()}@example.com`;
    const { page: owner, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(owner, 'Staff');
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = owner.getByRole('dialog', { name: 'Invite a staff member' });
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByLabel('Role').selectOption('fulfilment');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectPage(owner.getByRole('region', { name: 'Staff' }).getByRole('cell', { name: email, exact: true })).toBeVisible();
    await owner.screenshot({ path: screenshotPath('admin-staff-invited-1280') });

    // The invitation is mailed in the background: a generous deadline (the test's timeout is the real bound).
    let link: string | undefined;
    for (const deadline = Date.now() + 60_000; !link && Date.now() < deadline; ) {
      link = matchesMailedTo(mail, email, /^(http:\/\/[^\s]+\/staff\/accept\?token=[A-Za-z0-9_-]{43})$/m).at(-1);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).toBeDefined();

    const { page: phone, consoleErrors: phoneErrors } = await shop.newPage(MOBILE);
    await phone.goto(new URL(link!).pathname + new URL(link!).search);
    const form = phone.getByRole('form', { name: 'New staff account' });
    await form.getByLabel(/^Full name/).fill('Pat Packer');
    await form.locator('#staff-accept-password').fill('packer-secret-1');
    await expectNoSidewaysPan(phone, MOBILE.width);
    await phone.screenshot({ path: screenshotPath('staff-accept-390') });
    await form.getByRole('button', { name: 'Join the staff' }).click();
    await expectPage(phone.getByText('You joined the staff as fulfilment.')).toBeVisible();
    await phone.getByRole('link', { name: 'Open the back office' }).click();
    await phone.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = adminNavigation(phone);
    await expectPage(menu.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    expect(await menu.getByRole('link', { name: 'Payments', exact: true }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
    await phone.screenshot({ path: screenshotPath('staff-fulfilment-menu-390') });
    await phone.keyboard.press('Escape');

    // The owner sees the member, removes them; the member's next request is a guest's.
    await owner.reload();
    const row = owner.getByRole('row', { name: /Pat Packer/ });
    await row.getByRole('button', { name: 'Remove Pat Packer' }).click();
    await owner.getByRole('dialog', { name: 'Remove Pat Packer from the staff?' }).getByRole('button', { name: 'Remove' }).click();
    await expectPage(row).toHaveCount(0);
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    expect(unexpectedErrors(phoneErrors)).toEqual([]);
  }, 90_000);

  it('withdraws an invitation sent by mistake: it leaves the list and its link is refused', async () => {
    const email = `mistake-${Date.now()}@example.com`;
    const { page: owner, consoleErrors } = await openAdmin(shop, DESKTOP);
    await openAdminSection(owner, 'Staff');
    // The skip link goes past the header and the section menu, to the section itself.
    await owner.getByRole('link', { name: 'Skip to content' }).focus();
    await owner.keyboard.press('Enter');
    await owner.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id === 'admin-content');
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = owner.getByRole('dialog', { name: 'Invite a staff member' });
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByLabel('Role').selectOption('manager');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const pending = owner.getByRole('table', { name: 'Pending invitations' }).getByRole('row', { name: new RegExp(email) });
    await expectPage(pending).toBeVisible();

    await pending.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
    const confirm = owner.getByRole('dialog', { name: `Withdraw the invitation to ${email}?` });
    await owner.screenshot({ path: screenshotPath('admin-staff-withdraw-1280') });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expectPage(confirm).toHaveCount(0);
    await expectPage(pending).toHaveCount(0);

    // Mailed in the background, as the first test's: the same generous deadline.
    let link: string | undefined;
    for (const deadline = Date.now() + 45_000; !link && Date.now() < deadline; ) {
      link = matchesMailedTo(mail, email, /^(http:\/\/[^\s]+\/staff\/accept\?token=[A-Za-z0-9_-]{43})$/m).at(-1);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const refused = await shop.api.post('/api/staff/accept', { data: { token: new URL(link!).searchParams.get('token'), fullName: 'Not Invited', password: 'not-invited-1' } });
    expect(refused.status()).toBe(400);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  }, 60_000);
});
