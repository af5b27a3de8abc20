import type { MaskedBankingDetailView, OrganisationVerificationView } from '~/lib/contracts/organisations';
import { BankingRequestStatus } from '~/lib/enums';

/**
 * The verification questionnaire as its inputs hold it (yes/no as 'true' and
 * 'false', texts as typed) and as the `verification` field of the contract. Pure.
 */

export type VerificationAnswerValues = {
  hasFulltimeStaff: string;
  hasCrowdfundedBefore: string;
  hasUsedEventsBefore: string;
  recievesSupport: string;
  recievedSupportDetails: string;
  helpRequired: string;
  regularNumberOfDonors: string;
  crowdFundingLinks: string;
  supportPartners: string;
};

export const YES_NO_FIELDS = [
  'hasFulltimeStaff',
  'hasCrowdfundedBefore',
  'hasUsedEventsBefore',
  'recievesSupport',
] as const;

export const ANSWER_TEXT_FIELDS = [
  'recievedSupportDetails',
  'helpRequired',
  'regularNumberOfDonors',
  'crowdFundingLinks',
  'supportPartners',
] as const;

export const ANSWER_FIELDS: readonly string[] = [...YES_NO_FIELDS, ...ANSWER_TEXT_FIELDS];

/** The inputs of a saved questionnaire; before the first submission every question reads no. */
export function answerValuesOf(verification: OrganisationVerificationView | null): VerificationAnswerValues {
  const yesNo = (value: boolean | undefined): string => (value === true ? 'true' : 'false');
  return {
    hasFulltimeStaff: yesNo(verification?.hasFulltimeStaff),
    hasCrowdfundedBefore: yesNo(verification?.hasCrowdfundedBefore),
    hasUsedEventsBefore: yesNo(verification?.hasUsedEventsBefore),
    recievesSupport: yesNo(verification?.recievesSupport),
    recievedSupportDetails: verification?.recievedSupportDetails ?? '',
    helpRequired: verification?.helpRequired ?? '',
    regularNumberOfDonors: verification?.regularNumberOfDonors ?? '',
    crowdFundingLinks: verification?.crowdFundingLinks ?? '',
    supportPartners: verification?.supportPartners ?? '',
  };
}

/** The `verification` JSON field for these inputs: booleans, and null for an empty answer. */
export function answersFromValues(
  values: Partial<Record<keyof VerificationAnswerValues, string | null | undefined>>,
): Record<string, boolean | string | null> {
  const answers: Record<string, boolean | string | null> = {};
  for (const name of YES_NO_FIELDS) answers[name] = values[name] === 'true';
  for (const name of ANSWER_TEXT_FIELDS) {
    const text = (values[name] ?? '').trim();
    answers[name] = text === '' ? null : text;
  }
  return answers;
}

/** SPEC §4: an organisation's banking request status reads Accepted when absent. */
export function bankingRequestStatusOf(
  detail: Pick<MaskedBankingDetailView, 'requestStatus'> | null,
): number {
  const status = detail?.requestStatus;
  return status === null || status === undefined ? BankingRequestStatus.Accepted : status;
}

/** SPEC §3's banking request statuses, as the organisation's owners read them. */
export const ORGANISATION_REQUEST_STATUS_LABELS: Readonly<Record<number, string>> = {
  [BankingRequestStatus.Pending]: 'Pending',
  [BankingRequestStatus.Accepted]: 'Accepted',
  [BankingRequestStatus.Rejected]: 'Rejected: please check your details and submit again',
};
