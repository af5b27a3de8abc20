import { expect, test } from '@playwright/test';

// SPEC §8: a stylesheet that fails to load (a deployment replaced it, a network hiccup) reloads the
// page by itself twice, saying so, and then asks the visitor to refresh with a button.

const RETRYING = "Some visual elements couldn't load correctly. Attempting to refresh automatically...";
const GAVE_UP =
  "Some visual elements couldn't load correctly. We couldn't automatically refresh. Please try clicking the button below.";

test('a stylesheet that fails to load: two automatic reloads, then a refresh button that brings the page back', async ({
  page,
}) => {
  let stylesheetsFail = true;
  await page.route('**/_astro/*.css', (route) =>
    stylesheetsFail
      ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' })
      : route.fallback(),
  );
  let loads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads += 1;
  });

  await page.goto('/home');
  const notice = page.locator('#load-failure');
  const message = page.locator('#load-failure-message');
  await expect(message).toHaveText(RETRYING);
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh the page' })).toBeHidden();

  // Two reloads later (1.5 s each), the flow stops reloading and offers the button instead.
  await expect(message).toHaveText(GAVE_UP, { timeout: 15_000 });
  expect(loads, 'the first load and two automatic reloads').toBe(3);
  const refresh = page.getByRole('button', { name: 'Refresh the page' });
  await expect(refresh).toBeFocused();

  stylesheetsFail = false;
  const reloaded = page.waitForEvent('load');
  await refresh.click();
  await reloaded;
  await expect(notice).toBeHidden();
  expect(loads).toBe(4);
  // The stylesheet applies again: the navbar is fixed to the top.
  await expect(page.locator('header').first()).toHaveCSS('position', 'fixed');
});

test('a script module that fails to load: the same two reloads, with the update message, though no script of the site ran', async ({
  page,
}) => {
  await page.route('**/_astro/*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }),
  );
  let loads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads += 1;
  });

  await page.goto('/home');
  const message = page.locator('#load-failure-message');
  await expect(message).toHaveText(
    'A new update for the application is available. Attempting to refresh automatically...',
  );
  await expect(message).toHaveText(
    "A new update for the application is available. We couldn't automatically refresh. Please try clicking the button below.",
    { timeout: 15_000 },
  );
  expect(loads, 'the first load and two automatic reloads').toBe(3);
  await expect(page.getByRole('button', { name: 'Refresh the page' })).toBeFocused();
});
