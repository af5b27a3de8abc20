import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  bluetickPayoutFormData,
  campaignAmountProblem,
  campaignPayoutRequest,
  emptyBluetickPayout,
  emptyOrganisationPayout,
  nothingToRequest,
  organisationPayoutProblems,
  organisationPayoutRequest,
  PAYOUT_FORM_MESSAGES,
  parseTip,
  payoutFieldErrors,
  payoutStatusText,
  splitTotal,
} from '~/islands/payout/payoutValues';
import type { PayoutList, PayoutView } from '~/lib/contracts/payouts';
import { CampaignStatus, PayoutStatus } from '~/lib/enums';
import { PAYOUT_MESSAGES } from '~/lib/schemas/payout';
import { $payouts, hasMorePayouts, withPayoutsPage } from '~/stores/payouts';

const RAND = { id: 1, ticker: 'ZAR', symbol: 'R', locale: 'en-ZA' };
const DOLLAR = { id: 2, ticker: 'USD', symbol: '$', locale: 'en-US' };

describe('the amount of a payout', () => {
  it('asks for an amount, a number and more than 0', () => {
    expect(amountProblem('', 500, RAND)).toBe(PAYOUT_FORM_MESSAGES.amountRequired);
    expect(amountProblem('lots', 500, RAND)).toBe(PAYOUT_FORM_MESSAGES.amountInvalid);
    expect(amountProblem('0', 500, RAND)).toBe(PAYOUT_FORM_MESSAGES.amountPositive);
  });

  it('may not exceed the funds available, to the cent', () => {
    expect(amountProblem('1 250', 1250, RAND)).toBeNull();
    expect(amountProblem('R 1 250,00', 1250, RAND)).toBeNull();
    expect(amountProblem('1250.01', 1250, RAND)).toBe(
      'You can request at most R 1 250.00, the funds available.',
    );
    expect(amountProblem('100', 99.5, DOLLAR)).toBe('You can request at most $ 99.50, the funds available.');
  });
});

describe('the minimum payout (R 100 or US $ 10, unless closing the campaign)', () => {
  const active = { id: 'c1', totalFundsAvailable: 500, currency: RAND, status: CampaignStatus.Active };

  it('refuses less than R 100 or US $ 10 from a running campaign, under the amount', () => {
    expect(campaignAmountProblem('99.99', active)).toBe(PAYOUT_MESSAGES.minimumRand);
    expect(campaignAmountProblem('100', active)).toBeNull();
    const dollars = { ...active, currency: DOLLAR };
    expect(campaignAmountProblem('9.99', dollars)).toBe(PAYOUT_MESSAGES.minimumDollar);
    expect(campaignAmountProblem('10', dollars)).toBeNull();
  });

  it('lets a closed or expired campaign withdraw everything left, but not part of it', () => {
    const closed = { ...active, totalFundsAvailable: 40, status: CampaignStatus.Closed };
    expect(campaignAmountProblem('40', closed)).toBeNull();
    expect(campaignAmountProblem('40', { ...closed, status: CampaignStatus.Expired })).toBeNull();
    expect(campaignAmountProblem('30', closed)).toBe(PAYOUT_MESSAGES.minimumRand);
    expect(campaignAmountProblem('40', { ...closed, status: CampaignStatus.Active })).toBe(
      PAYOUT_MESSAGES.minimumRand,
    );
  });

  it('checks an organisation payout by its total across campaigns', () => {
    const campaigns = [
      { id: 'a', totalFundsAvailable: 300, currency: RAND, status: CampaignStatus.Active },
      { id: 'b', totalFundsAvailable: 50, currency: RAND, status: CampaignStatus.Closed },
    ];
    const values = (a: string, b: string) => ({
      amounts: { a, b },
      tipPercentage: '3',
      description: '',
      notes: '',
    });
    expect(organisationPayoutProblems(values('60', '30'), campaigns).form).toBe(PAYOUT_MESSAGES.minimumRand);
    expect(organisationPayoutProblems(values('60', '40'), campaigns).form).toBeNull();
    expect(organisationPayoutProblems(values('', '50'), campaigns).form).toBeNull();
    expect(organisationPayoutProblems(values('', '20'), campaigns).form).toBe(PAYOUT_MESSAGES.minimumRand);
  });
});

describe('whether anything can be requested at all (the form is disabled with the reason)', () => {
  const active = { id: 'c1', totalFundsAvailable: 0, currency: RAND, status: CampaignStatus.Active };

  it('nothing when no funds are available, whatever the campaign', () => {
    expect(nothingToRequest([active])).toBe(PAYOUT_FORM_MESSAGES.nothingAvailable);
    expect(nothingToRequest([{ ...active, status: CampaignStatus.Closed }])).toBe(
      PAYOUT_FORM_MESSAGES.nothingAvailable,
    );
    expect(nothingToRequest([])).toBe(PAYOUT_FORM_MESSAGES.nothingAvailable);
  });

  it('nothing while a running campaign holds less than the minimum; all of it once it has ended', () => {
    expect(nothingToRequest([{ ...active, totalFundsAvailable: 40 }])).toBe(
      'There is nothing to request yet: R 40.00 is available, below the minimum payout. You can request it all once the campaign is closed.',
    );
    expect(
      nothingToRequest([{ ...active, totalFundsAvailable: 40, status: CampaignStatus.Expired }]),
    ).toBeNull();
    expect(nothingToRequest([{ ...active, totalFundsAvailable: 100 }])).toBeNull();
  });

  it('for an organisation, the campaigns of a currency together reach the minimum', () => {
    const sixty = { ...active, id: 'a', totalFundsAvailable: 60 };
    expect(nothingToRequest([sixty, { ...active, id: 'b', totalFundsAvailable: 50 }])).toBeNull();
    expect(nothingToRequest([sixty, { ...active, id: 'b', totalFundsAvailable: 5, currency: DOLLAR }])).toBe(
      'There is nothing to request yet: R 60.00 is available, below the minimum payout. You can request it all once the campaign is closed.',
    );
  });
});

describe('a campaign payout request', () => {
  it('is one entry with the amount, trimmed texts and no tip', () => {
    expect(
      campaignPayoutRequest('c1', { payoutAmount: '1 000,50', description: ' Wheelchair ', notes: '' }),
    ).toEqual({
      campaignFundingInfo: [{ id: 'c1', payoutAmount: 1000.5 }],
      description: 'Wheelchair',
      notes: '',
      tipPercentage: 0,
    });
  });
});

describe('an organisation payout split across campaigns', () => {
  const campaigns = [
    { id: 'a', totalFundsAvailable: 300, currency: RAND, status: CampaignStatus.Active },
    { id: 'b', totalFundsAvailable: 50, currency: RAND, status: CampaignStatus.Active },
    { id: 'c', totalFundsAvailable: 10, currency: RAND, status: CampaignStatus.Active },
  ];

  it('suggests a 3 % tip and starts every amount empty', () => {
    expect(emptyOrganisationPayout(['a', 'b'])).toEqual({
      amounts: { a: '', b: '' },
      tipPercentage: '3',
      description: '',
      notes: '',
    });
  });

  it('sends only the campaigns with an amount, in the list order, with the tip', () => {
    const values = {
      amounts: { a: '200', b: '', c: '0.10' },
      tipPercentage: '2,5',
      description: 'Feed',
      notes: 'n',
    };
    expect(organisationPayoutRequest(values, ['a', 'b', 'c'])).toEqual({
      campaignFundingInfo: [
        { id: 'a', payoutAmount: 200 },
        { id: 'c', payoutAmount: 0.1 },
      ],
      description: 'Feed',
      notes: 'n',
      tipPercentage: 2.5,
    });
    expect(splitTotal({ amounts: { a: '0.1', b: '0.2' } })).toBe(0.3);
  });

  it('names the campaign whose amount is above its funds, and asks for at least one amount', () => {
    const over = organisationPayoutProblems(
      { amounts: { a: '100', b: '60', c: '' }, tipPercentage: '3', description: '', notes: '' },
      campaigns,
    );
    expect(over.amounts).toEqual({ b: 'You can request at most R 50.00, the funds available.' });
    expect(over.form).toBeNull();

    const none = organisationPayoutProblems(emptyOrganisationPayout(['a', 'b', 'c']), campaigns);
    expect(none.form).toBe(PAYOUT_FORM_MESSAGES.nothingToSplit);
    expect(none.amounts).toEqual({});
  });

  it('takes a tip from 0 to 100 %', () => {
    expect(parseTip('3')).toBe(3);
    expect(parseTip('0')).toBe(0);
    expect(parseTip('3 %')).toBe(3);
    expect(parseTip('101')).toBeNull();
    expect(parseTip('-1')).toBeNull();
    expect(parseTip('')).toBeNull();
    const problems = organisationPayoutProblems(
      { amounts: { a: '1' }, tipPercentage: 'abc', description: '', notes: '' },
      campaigns,
    );
    expect(problems.tipPercentage).toBe(PAYOUT_FORM_MESSAGES.tipInvalid);
  });

  it("puts the server's entry errors under that campaign's amount", () => {
    expect(
      payoutFieldErrors(
        { 'campaignFundingInfo.1.payoutAmount': ['Too much'], description: ['Too long'] },
        ['a', 'c'],
        (id) => `amounts.${id}`,
      ),
    ).toEqual({ 'amounts.c': ['Too much'], description: ['Too long'] });
    expect(payoutFieldErrors({ campaignFundingInfo: ['Pick one'] }, ['a'], () => 'payoutAmount')).toEqual({
      payoutAmount: ['Pick one'],
    });
  });
});

describe('the Bluetick payout form', () => {
  it('defaults to paying an invoice', () => {
    expect(emptyBluetickPayout().payoutOption).toBe('invoice');
  });

  it('sends the SPEC fields; by invoice also the supplier banking details as JSON and the invoice file', () => {
    const values = {
      ...emptyBluetickPayout(),
      payoutAmount: '4 500',
      description: 'Physiotherapy',
      accountHolderName: 'Grey Hospital',
      accountHolderEmail: 'accounts@grey.test',
      idType: '3',
      idNumber: '2001/000001/08',
      bankName: 'Capitec Bank',
      accountNumber: '1234567890',
      accountType: '2',
    };
    const invoice = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    const body = bluetickPayoutFormData('c9', values, [invoice]);
    expect(body.get('campaignId')).toBe('c9');
    // The server checks the campaign as soon as campaignId arrives, before any file: it goes first.
    expect([...body.keys()][0]).toBe('campaignId');
    expect(body.get('payoutAmount')).toBe('4500');
    expect(body.get('description')).toBe('Physiotherapy');
    const banking = JSON.parse(String(body.get('bankingDetails')));
    expect(banking).toMatchObject({
      accountHolderName: 'Grey Hospital',
      accountHolderEmail: 'accounts@grey.test',
      idType: 3,
      accountType: 2,
      isInternational: false,
    });
    expect((body.get('blueTickPayoutDocument') as File).name).toBe('invoice.pdf');

    // Paid into the campaign's own accepted banking details: no supplier, no invoice.
    const own = bluetickPayoutFormData('c9', { ...values, payoutOption: 'bankingDetails' }, [invoice]);
    expect(own.get('payoutAmount')).toBe('4500');
    expect(own.has('bankingDetails')).toBe(false);
    expect(own.has('blueTickPayoutDocument')).toBe(false);
  });
});

function payout(id: string, overrides: Partial<PayoutView> = {}): PayoutView {
  return {
    id,
    date: '2026-03-01T10:00:00.000Z',
    status: PayoutStatus.Pending,
    amount: 100,
    currency: RAND,
    tipPercentage: 0,
    tipAmount: 0,
    payoutOption: null,
    description: null,
    notes: null,
    reason: null,
    reference: null,
    campaignId: 'c1',
    organisationId: null,
    items: [],
    ...overrides,
  };
}

describe('the payouts list', () => {
  it('says each status as the requester reads it', () => {
    expect(payoutStatusText(payout('1'))).toBe('Pending');
    expect(payoutStatusText(payout('1', { status: PayoutStatus.Accepted }))).toBe('Accepted');
    expect(
      payoutStatusText(payout('1', { status: PayoutStatus.Declined, reason: 'Invoice unreadable' })),
    ).toBe('Declined: Invoice unreadable');
    expect(payoutStatusText(payout('1', { status: PayoutStatus.Paid, reference: 'FNB-778' }))).toBe(
      'Paid (reference FNB-778)',
    );
  });

  it('replaces on page 1 and appends later pages without duplicates', () => {
    const page = (pageNo: number, items: PayoutView[]): PayoutList => ({
      payoutsRaised: 250,
      payouts: { items, paginationMetadata: { totalCount: 7, pageCount: 2, pageNo, pageSize: 5 } },
    });
    const first = withPayoutsPage($payouts.get(), page(1, [payout('1'), payout('2')]));
    expect(first.items.map((p) => p.id)).toEqual(['1', '2']);
    expect(first.payoutsRaised).toBe(250);
    expect(hasMorePayouts(first)).toBe(true);
    const second = withPayoutsPage(first, page(2, [payout('2'), payout('3')]));
    expect(second.items.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(hasMorePayouts(second)).toBe(false);
    expect(withPayoutsPage(second, page(1, [payout('9')])).items.map((p) => p.id)).toEqual(['9']);
  });
});
