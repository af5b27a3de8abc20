import { expect, test } from '@playwright/test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { logInInBrowser } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';
import { launchedRandCampaign } from './support/randCampaign';

// The owner prints the campaign's poster with its SnapScan code. Someone at the school gate scans
// that code in the SnapScan app (the simulator), types R 60 and pays: no donation form is opened,
// yet the campaign page's total goes up by R 60 and the gift shows as Anonymous.

/** The links a PDF's first page carries (its link annotations' URIs). */
async function linksIn(bytes: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(new Uint8Array(bytes));
  const annots = pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return [];
  return annots
    .asArray()
    .map((ref) => pdf.context.lookup(ref, PDFDict).lookupMaybe(PDFName.of('A'), PDFDict))
    .map((action) => action?.lookupMaybe(PDFName.of('URI'), PDFString)?.decodeText() ?? '')
    .filter(Boolean);
}

test('a payment with the poster’s SnapScan code becomes an Anonymous donation', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const campaign = await launchedRandCampaign(request);
  const before = await raisedCents(page, campaign.url);

  // The owner adds the SnapScan code to the poster on the Share & promote tab.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInInBrowser(page, demoUser('kagiso'));
  await page.goto(`/campaign/edit/${campaign.id}?tab=promote`);
  const poster = page.getByRole('link', { name: 'Download poster (PDF)' });
  await expect(poster).toHaveAttribute('href', `/campaign/${campaign.url}/poster.pdf`);
  await page.getByRole('checkbox', { name: 'Add a SnapScan code to the poster' }).check();
  await expect(poster).toHaveAttribute('href', `/campaign/${campaign.url}/poster.pdf?snapscan=1`);

  const pdf = await request.get(`/campaign/${campaign.url}/poster.pdf?snapscan=1`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const [code] = await linksIn(await pdf.body());
  // The campaign's poster reference, no amount, not strict.
  expect(code).toMatch(new RegExp(`/qr/[^?]+\\?id=LTP-${campaign.id}$`));

  // At the school gate: the SnapScan app opens the code and asks how much.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(code ?? '');
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone.getByRole('alert')).toHaveText('Enter an amount in rand, such as 50 or 50.00.');
  await phone.getByRole('textbox', { name: 'Amount (R)' }).fill('60');
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Paid R 60.00' })).toBeVisible();
  await phone.close();

  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 6_000);
  await expect(page.getByRole('main').getByText('Anonymous').first()).toBeVisible();
});
