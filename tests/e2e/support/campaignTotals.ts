import type { Page } from '@playwright/test';

/** 'R 1 250.00' → 125000 cents. */
export function centsOf(text: string | null): number {
  const digits = (text ?? '').replace(/[^\d.]/g, '');
  return Math.round(Number(digits) * 100);
}

/** The total the campaign page shows as raised, in cents (opens the page). */
export async function raisedCents(page: Page, url: string): Promise<number> {
  await page.goto(`/campaign/${url}`);
  return centsOf(await page.getByTestId('total-raised').textContent());
}
