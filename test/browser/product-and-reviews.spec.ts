import type { Page } from 'playwright-core';
import { DESKTOP, expectNoSidewaysPan, MOBILE, Shop, startShop, unexpectedErrors, screenshotPath } from './browser-support';
import { eventually } from '../support/eventually';
import { expect as expectPage } from './expect-page';
import { hydrated } from './hydrated';

interface ApiProduct {
  id: number;
  name: string;
  price: string;
  salePrice: string | null;
  isOnSale: boolean;
  stock: number;
}


/** The product page, the review journey and the auth page, as a shopper uses them. */
describe('Product page, reviews and sign-up in a real browser', () => {
  let shop: Shop;
  let products: ApiProduct[];

  beforeAll(async () => {
    shop = await startShop();
    products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  }, 90_000);
  afterAll(async () => shop?.close());

  /** A sale product with little stock, so the stepper reaches its cap in a few clicks. */
  const saleProductWithLowStock = () => {
    const found = products.find((product) => product.isOnSale && product.salePrice !== null && product.stock >= 2 && product.stock <= 10);
    if (!found) throw new Error('The demo catalogue has no sale product with 2 to 10 in stock');
    return found;
  };

  const signUpThroughForm = async (page: Page, fullName: string) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full name').fill(fullName);
    await form.getByLabel('Email').fill(`${fullName.split(' ')[0].toLowerCase()}-${Date.now()}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('secret-123');
    await form.getByLabel('Confirm password', { exact: true }).fill('secret-124');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectPage(page.getByText('Password Mismatch')).toBeVisible();
    await form.getByLabel('Confirm password', { exact: true }).fill('secret-123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectPage(page.getByText('Account Created!')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
  };

  it('shows a sale product with its price, caps the stepper at the stock and adds to the cart', async () => {
    const product = saleProductWithLowStock();
    const { page, consoleErrors } = await shop.newPage(DESKTOP);
    await page.goto(`/product/${product.id}`);
    await expectPage(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The title is set in an effect, after the render that shows the heading.
    await eventually(async () => expect(await page.title()).toContain(product.name));
    await expectPage(page.getByText('SALE', { exact: true })).toBeVisible();
    await expectPage(page.locator('.product-purchase .price-sale')).toHaveText(`A$${product.salePrice}`);
    await expectPage(page.locator('.product-purchase .price-original')).toHaveText(`A$${product.price}`);
    await expectPage(page.getByText('3 people are watching this product')).toBeVisible();

    const increase = page.getByRole('button', { name: 'Increase quantity' });
    // The server's markup shows the stepper before the page's code is in: clicks before hydration are lost.
    await hydrated(page);
    for (let clicks = 1; clicks < product.stock; clicks += 1) await increase.click();
    await expectPage(page.getByTestId('quantity')).toHaveText(String(product.stock));
    await expectPage(increase).toBeDisabled();

    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectPage(page.getByText('Added to cart', { exact: true })).toBeVisible();
    await expectPage(page.getByText(`${product.name} has been added to your cart.`)).toBeVisible();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expectPage(drawer).toBeVisible();
    await expectPage(page.getByTestId('cart-count')).toHaveText(String(product.stock));
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await expectPage(page.getByText('All available stock is in your cart')).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();

    await page.getByRole('tab', { name: 'Description' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectPage(page.getByRole('tab', { name: 'Properties' })).toBeVisible();
    await eventually(async () => expect(await page.getByRole('tab', { name: 'Properties' }).getAttribute('aria-selected')).toBe('true'));
    await expectPage(page.getByRole('tabpanel').getByText('Storage')).toBeVisible();
    await page.keyboard.press('End');
    await eventually(async () => expect(await page.getByRole('tab', { name: 'Benefits' }).getAttribute('aria-selected')).toBe('true'));

    await page.screenshot({ path: screenshotPath('product-detail-desktop'), fullPage: true });
    const mobile = await shop.newPage(MOBILE);
    await mobile.page.goto(`/products/${product.id}`);
    await expectPage(mobile.page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectPage(mobile.page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
    await mobile.page.screenshot({ path: screenshotPath('product-detail-mobile'), fullPage: true });
    expect(await mobile.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);

    expect(unexpectedErrors(consoleErrors)).toEqual([]);
    expect(unexpectedErrors(mobile.consoleErrors)).toEqual([]);
  }, 90_000);

  it('answers an unknown or malformed product id with "Product not found" and a way back', async () => {
    const { page, consoleErrors } = await shop.newPage();
    for (const path of ['/product/999999', '/products/not-a-number']) {
      await page.goto(path);
      await expectPage(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await page.waitForURL('**/products');
    // The unknown id's 404 is the expected answer, logged by the browser as a failed resource.
    expect(unexpectedErrors(consoleErrors).filter((text) => !/status of 404/.test(text))).toEqual([]);
  }, 60_000);

  it('lets a new customer review a product, edit it, see it as text, and another customer vote it helpful', async () => {
    const product = products.find((candidate) => candidate.stock > 0 && candidate.id !== saleProductWithLowStock().id)!;
    const author = await shop.newPage();
    const dialogs: string[] = [];
    author.page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    await author.page.goto(`/product/${product.id}`);
    await expectPage(author.page.getByRole('link', { name: 'Log in to write a review' })).toBeVisible();
    await signUpThroughForm(author.page, 'Marie Curie');
    await author.page.goto('/auth');
    await author.page.waitForURL((url) => url.pathname === '/');

    await author.page.goto(`/product/${product.id}`);
    const section = author.page.getByRole('region', { name: 'Customer Reviews' });
    await expectPage(section.getByText('No reviews yet', { exact: true })).toBeVisible();
    await author.page.getByRole('button', { name: 'Write a Review' }).click();
    const form = author.page.getByRole('form', { name: `Review ${product.name}` });
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expectPage(form.getByText('Title is required')).toBeVisible();
    await expectPage(form.getByText('Review must be at least 10 characters')).toBeVisible();
    await form.getByRole('radio', { name: '5 stars' }).check();
    await form.getByLabel('Title').fill('Consistent purity');
    await form.getByLabel('Your review').fill('HPLC matched the certificate of analysis.');
    await form.getByLabel('Pros (optional)').fill('fast shipping, , clear COA ');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expectPage(author.page.getByText('Review Submitted')).toBeVisible();

    const reviews = author.page.getByRole('list', { name: 'Reviews', exact: true });
    await expectPage(reviews.getByRole('heading', { name: 'Consistent purity' })).toBeVisible();
    await expectPage(reviews.getByText('clear COA', { exact: true })).toBeVisible();
    await expectPage(author.page.getByTestId('rating-total')).toHaveText('Based on 1 review');
    await expectPage(author.page.getByTestId('rating-average')).toHaveText('5.0');
    await expectPage(author.page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);

    await reviews.getByRole('button', { name: 'Edit' }).click();
    const edit = author.page.getByRole('form', { name: 'Edit your review' });
    await expectPage(edit.getByLabel('Pros (optional)')).toHaveValue('fast shipping, clear COA');
    await edit.getByRole('radio', { name: '4 stars' }).check();
    await edit.getByLabel('Title').fill('<script>alert(1)</script>');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectPage(author.page.getByText('Review Updated')).toBeVisible();
    await expectPage(reviews.getByRole('heading', { name: '<script>alert(1)</script>' })).toBeVisible();
    await expectPage(author.page.getByTestId('rating-average')).toHaveText('4.0');
    expect(dialogs).toEqual([]);

    const voter = await shop.newPage();
    await signUpThroughForm(voter.page, 'Rosalind Franklin');
    await voter.page.goto(`/product/${product.id}`);
    const review = voter.page.getByRole('listitem', { name: 'Review by Marie Curie' });
    await expectPage(review.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    const helpful = review.getByRole('button', { name: /^Yes/ });
    await expectPage(helpful).toHaveText('Yes (0)');
    await helpful.click();
    await expectPage(helpful).toHaveText('Yes (1)');
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');

    await author.page.reload();
    await expectPage(reviews.getByText('1 found this helpful', { exact: false })).toBeVisible();
    await reviews.getByRole('button', { name: 'Delete' }).click();
    await author.page.getByRole('button', { name: 'Delete review' }).click();
    await expectPage(author.page.getByText('Review Deleted')).toBeVisible();
    await expectPage(section.getByText('No reviews yet', { exact: true })).toBeVisible();
    await expectPage(author.page.getByTestId('rating-total')).toHaveText('Based on 0 reviews');

    expect(unexpectedErrors(author.consoleErrors)).toEqual([]);
    expect(unexpectedErrors(voter.consoleErrors)).toEqual([]);
  }, 120_000);

  it('asks for every login field and reports a wrong password with the server message', async () => {
    const { page, consoleErrors } = await shop.newPage(MOBILE);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByRole('button', { name: 'Login' }).click();
    await expectPage(page.getByText('Please fill in all required fields.')).toBeVisible();
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Show password' }).click();
    expect(await form.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Login' }).click();
    await expectPage(page.getByText('Login Failed')).toBeVisible();
    await expectPage(page.getByText('Invalid email or password.')).toBeVisible();
    // "Forgot password?": a reset link by e-mail, the same answer whether or not the account exists.
    await form.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('form', { name: 'Reset password' });
    await expectPage(reset.getByLabel('Account e-mail')).toHaveValue('nobody@example.com');
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await expectPage(reset.getByText(/^If an account uses that address, we have mailed it a link/)).toBeVisible();
    await expectPage(reset.getByRole('link', { name: /Contact support/ })).toBeVisible();
    await expectNoSidewaysPan(page, MOBILE.width);
    // A link that is not (or no longer) valid says so and where to get a new one.
    await page.goto(`/auth/reset?token=${'A'.repeat(43)}`);
    const choose = page.getByRole('form', { name: 'New password' });
    await choose.getByLabel('New password', { exact: true }).fill('a-new-secret-1');
    await choose.getByLabel('New password again', { exact: true }).fill('a-new-secret-2');
    await choose.getByRole('button', { name: 'Set new password' }).click();
    await expectPage(choose.getByText('The two passwords differ.')).toBeVisible();
    await choose.getByLabel('New password again', { exact: true }).fill('a-new-secret-1');
    await choose.getByRole('button', { name: 'Set new password' }).click();
    await expectPage(page.getByRole('alert')).toContainText('This password reset link is not valid');
    await page.screenshot({ path: screenshotPath('password-reset-invalid-mobile') });
    expect(unexpectedErrors(consoleErrors, [400, 401])).toEqual([]);
  }, 60_000);
});
