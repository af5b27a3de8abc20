import { describe, expect, it } from 'vitest';
import { BarometerDisplay } from '~/lib/enums';
import {
  type DonationReceiptInput,
  donationReceiptEmail,
  eftInstructionsEmail,
} from '~/lib/server/donations/mailTemplates';
import { mailDateTime, mailDay, mailDeductionDay, mailMonthYear } from '~/lib/server/donations/mailWords';
import { withLocale } from '~/lib/server/i18n/locale';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import { campaignCardContent, cardFingerprint, shareImageMeta } from '~/lib/server/sharing/cardContent';

// Issue 27: a donor's mails, share cards and posters speak the donor's (the page's) language;
// English is what it always was.

const receipt: DonationReceiptInput = {
  firstName: 'Thandi',
  campaignName: 'Siyakhula Saturday school',
  campaignLink: 'https://letsema.test/zu/campaign/siyakhula',
  donationLink: 'https://letsema.test/zu/thanks?donation=t',
  currencyId: 1,
  currencyTicker: 'ZAR',
  amountCents: 25_000,
  tipCents: 3_000,
  adminFeeCovered: false,
  paymentMethod: 'Card (PayFast)',
  reference: 'LTS-ABC',
  paidAt: new Date('2026-03-05T12:05:00Z'),
  thankYouMessage: null,
  recurring: null,
  taxReceipt: false,
};

describe("a donor's mail in the donor's language", () => {
  it('is English outside a language scope, and in English scope the same mail', () => {
    const english = donationReceiptEmail(receipt);
    expect(english.subject).toBe('Thank you for your donation to Siyakhula Saturday school');
    expect(english.text).toContain('Hi Thandi,');
    expect(english.text).toContain('Date: 05 March 2026 at 14:05');
    expect(english.html).toContain('<html lang="en-ZA">');
    expect(withLocale('en', () => donationReceiptEmail(receipt))).toEqual(english);
  });

  it('speaks isiZulu in an isiZulu scope: subject, sentences, labels, date, greeting and footer', () => {
    const zulu = withLocale('zu', () => donationReceiptEmail(receipt));
    expect(zulu.subject).toBe('Siyabonga ngomnikelo wakho ku-Siyakhula Saturday school');
    expect(zulu.text).toContain('Sawubona Thandi,');
    expect(zulu.text).toContain('Usuku: 5 Mashi 2026 ngo-14:05');
    expect(zulu.text).toContain('R 250.00');
    expect(zulu.text).not.toMatch(/Warm regards|Questions\?|Thank you/);
    expect(zulu.html).toContain('<html lang="zu">');
  });

  it('gives the EFT instructions in Afrikaans, the bank details as they are', () => {
    const mail = withLocale('af', () =>
      eftInstructionsEmail({
        firstName: 'Pieter',
        campaignName: 'Sopkombuis',
        donationLink: 'https://letsema.test/af/thanks?donation=t',
        currencyId: 1,
        amountCents: 10_000,
        tipCents: 0,
        adminFeeCovered: false,
        reference: 'LTS-XYZ',
        bank: {
          bankName: 'FNB',
          accountName: 'Letsema',
          accountNumber: '62812345678',
          branchNumber: '250655',
        },
      }),
    );
    expect(mail.subject).toBe('Hoe om jou skenking aan Sopkombuis te betaal');
    expect(mail.text).toContain('Rekeningnommer: 62812345678');
    expect(mail.text).toContain('Gebruik LTS-XYZ as die betalingsverwysing');
  });

  it("keeps a mail whose body is not translated in English, whatever the request's language", () => {
    const plain = {
      preview: 'p',
      firstName: 'Ann',
      intro: ['x'],
      action: { label: 'Go', link: 'l' },
      outro: [],
    };
    expect(withLocale('zu', () => renderEmail(plain)).text).toContain('Hi Ann,');
    expect(withLocale('zu', () => renderEmail({ ...plain, localized: true })).text).toContain(
      'Sawubona Ann,',
    );
  });

  it('writes dates, months and the deduction day in the language', () => {
    const at = new Date('2027-01-15T08:00:00Z');
    expect(mailDateTime(at)).toBe('15 January 2027 at 10:00');
    expect(withLocale('st', () => mailDateTime(at, { dateStyle: 'long' }))).toBe('15 Pherekgong 2027');
    expect(withLocale('af', () => mailDay('2027-03-01'))).toBe('1 Maart 2027');
    expect(mailMonthYear(at)).toBe('January 2027');
    expect(withLocale('xh', () => mailMonthYear(at))).toBe('Janyuwari 2027');
    expect(mailDeductionDay('15th')).toBe('15th');
    expect(withLocale('zu', () => mailDeductionDay('15th'))).toBe('15');
  });
});

describe('a share card in the page’s language', () => {
  const source = {
    name: 'Soup kitchen',
    images: [],
    donationsReceivedTotal: 100,
    offlineDonations: 0,
    donationTarget: 400,
    uniqueDonors: 2,
    campaignSetting: { currency: { symbol: 'R' }, showBarometer: BarometerDisplay.ShowAmountRand },
  };

  it('has its caption, fingerprint and address in the language; English keeps its own', () => {
    const english = campaignCardContent(source);
    const afrikaans = withLocale('af', () => campaignCardContent(source));
    expect(english.caption).toBe('raised of R 400.00 target');
    expect(afrikaans.caption).toBe('ingesamel van R 400.00-teiken');
    const fingerprint = cardFingerprint(english);
    expect(withLocale('af', () => cardFingerprint(english))).not.toBe(fingerprint);
    expect(shareImageMeta('campaign', 'soup', english).url).toBe(`/share/campaign/soup.png?v=${fingerprint}`);
    expect(withLocale('af', () => shareImageMeta('campaign', 'soup', afrikaans).url)).toMatch(
      /^\/af\/share\/campaign\/soup\.png\?v=[0-9a-f]{16}$/,
    );
  });
});
