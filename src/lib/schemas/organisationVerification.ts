import * as v from 'valibot';
import { flag, nullableText, oneMessagePerField } from './campaignFields';
import { bankingDetailsSchema } from './campaignVerification';

/**
 * `PATCH /organizations/{id}/verification`: the `verification` JSON field (SPEC §3
 * "Organisation verification", with its spelling) and the `bankingDetails` JSON
 * field (the campaign verification's banking rules) of the multipart body.
 */

export const ORGANISATION_VERIFICATION_LIMITS = {
  /** Free-text answers. */
  answer: 1000,
  regularNumberOfDonors: 100,
  supportDocuments: 5,
} as const;

export const ORGANISATION_VERIFICATION_MESSAGES = {
  verification: 'Please answer the verification questions.',
  flag: 'Please answer yes or no.',
  supportDetailsRequired: 'Please tell us who supports your organisation.',
  answerTooLong: 'Each answer must be at most 1 000 characters.',
  donorsTooLong: 'The number of regular donors must be at most 100 characters.',
  legalDocumentRequired: 'Please upload your organisation’s legal document.',
  oneLegalDocument: 'Please upload one legal document.',
  tooManySupportDocuments: 'Please upload at most 5 supporting documents.',
  submitted: 'Organisation verification submitted successfully.',
} as const;

const M = ORGANISATION_VERIFICATION_MESSAGES;
const answer = () => v.optional(nullableText(ORGANISATION_VERIFICATION_LIMITS.answer, M.answerTooLong), null);
const yesNo = () => v.optional(flag(M.flag), false);

/** The questionnaire: yes/no answers default to no, text answers to none. */
export const verificationAnswersSchema = v.pipe(
  v.object(
    {
      hasFulltimeStaff: yesNo(),
      hasCrowdfundedBefore: yesNo(),
      hasUsedEventsBefore: yesNo(),
      recievesSupport: yesNo(),
      recievedSupportDetails: answer(),
      helpRequired: answer(),
      regularNumberOfDonors: v.optional(
        nullableText(ORGANISATION_VERIFICATION_LIMITS.regularNumberOfDonors, M.donorsTooLong),
        null,
      ),
      crowdFundingLinks: answer(),
      supportPartners: answer(),
    },
    M.verification,
  ),
  v.forward(
    v.check((a) => !a.recievesSupport || a.recievedSupportDetails !== null, M.supportDetailsRequired),
    ['recievedSupportDetails'],
  ),
);
export type VerificationAnswersInput = v.InferOutput<typeof verificationAnswersSchema>;

export const organisationVerificationSchema = oneMessagePerField(
  v.object({
    verification: v.optional(verificationAnswersSchema, {}),
    bankingDetails: v.optional(bankingDetailsSchema, {}),
  }),
);
export type OrganisationVerificationInput = v.InferOutput<typeof organisationVerificationSchema>;

/** Fields of the verification form sent as JSON text inside the multipart body. */
export const ORGANISATION_VERIFICATION_JSON_FIELDS = ['verification', 'bankingDetails'] as const;

/** The file fields: `legalDocument` (one; required the first time) and `supportDocuments` (repeatable). */
export const ORGANISATION_VERIFICATION_FILE_FIELDS = {
  legalDocument: 'legalDocument',
  supportDocuments: 'supportDocuments',
} as const;
