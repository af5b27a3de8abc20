import { expect, type Locator, type Page, test } from '@playwright/test';

// SPEC §9: a toast is dismissed by dragging it 80 % of its width; a shorter drag, even a quick one,
// puts it back.

const MESSAGE = 'Campaign saved successfully.';

/** Drags the toast right by a fraction of its width, in small steps, and lets go. */
async function dragRight(page: Page, toast: Locator, fraction: number): Promise<void> {
  const box = await toast.boundingBox();
  if (!box) throw new Error('The toast has no box.');
  const y = box.y + box.height / 2;
  const x = box.x + 20;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * fraction, y, { steps: 12 });
  await page.mouse.up();
}

test('a toast goes when dragged 80 % of its width, and stays when dragged less', async ({ page }) => {
  // A notification left for the next page (src/stores/flash.ts), as after saving a campaign.
  await page.addInitScript((message) => {
    const notification = { type: 'success', message, duration: 60_000 };
    sessionStorage.setItem('letsema:flash', JSON.stringify({ notification, at: Date.now() }));
  }, MESSAGE);
  await page.goto('/home');
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: MESSAGE });
  await expect(toast).toBeVisible();

  await dragRight(page, toast, 0.6);
  // sonner alone dismisses a toast dragged 45 px; 60 % of this one is more than that.
  expect((await toast.boundingBox())?.width ?? 0).toBeGreaterThan(45 / 0.6);
  await expect(toast).toHaveAttribute('data-swiping', 'false');
  await expect(toast).toHaveAttribute('data-removed', 'false');
  await expect(toast).toBeInViewport({ ratio: 1 });

  await dragRight(page, toast, 0.85);
  await expect(toast).toHaveCount(0);
});
