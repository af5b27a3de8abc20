import type { AdminDecision } from '~/lib/contracts/admin';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import type { Tx } from '~/lib/server/db/types';
import { type DecisionSteps, decisionAnswer, decisionDetails, runDecision } from './decision';
import { verificationDecisionEmail } from './mailTemplates';
import { mailDecision, type Recipient, siteLink } from './notify';

/** What a verification decides: a campaign or an organisation, named in the mail and linked to. */
export interface VerificationSubject {
  kind: 'campaign' | 'organisation';
  id: string;
  name: string;
  url: string;
}

/** Where each kind's public page (`/{url}`) and editor (`/edit/{id}`) are. */
const PAGES: Readonly<Record<VerificationSubject['kind'], string>> = {
  campaign: '/campaign',
  organisation: '/organization',
};

type Steps<Row> = DecisionSteps<Row, string | null>;

/** What a verification decision says of its own: the decision's steps but the mail, which is the same for all. */
export interface VerificationSteps<Row> extends Pick<Steps<Row>, 'notFound' | 'load' | 'refusal'> {
  /** Makes the change decided at `at` (`reason` is the rejection's, null when accepted); the outcome is the id of banking details decided with it. */
  apply: (tx: Tx, row: Row, decided: { at: Date; reason: string | null }) => ReturnType<Steps<Row>['apply']>;
  subject: (row: Row) => VerificationSubject;
  /** Who is told of the decision. */
  recipients: (tx: Tx, row: Row) => Promise<readonly Recipient[]>;
}

/**
 * Accepts or rejects a verification request as one staff decision (decision.ts), mails it to the
 * recipients with a link to the public page when accepted or to the editor when rejected, and answers it.
 */
export async function decideVerification<Row>(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
  steps: VerificationSteps<Row>,
): Promise<AdminDecision> {
  const at = new Date();
  const reason = input.accepted ? null : input.reason;
  const { row, outcome } = await runDecision(
    admin,
    id,
    {
      notFound: steps.notFound,
      load: steps.load,
      refusal: steps.refusal,
      apply: (tx, decided) => steps.apply(tx, decided, { at, reason }),
      mail: async (tx, decided) => {
        const { kind, id: subjectId, name, url } = steps.subject(decided);
        await mailDecision(tx, await steps.recipients(tx, decided), (to) =>
          verificationDecisionEmail({
            firstName: to.firstName,
            kind,
            name,
            accepted: input.accepted,
            reason: input.reason,
            link: siteLink(input.accepted ? `${PAGES[kind]}/${url}` : `${PAGES[kind]}/edit/${subjectId}`),
          }),
        );
      },
    },
    decisionDetails(input),
  );
  return decisionAnswer(steps.subject(row).id, input, at, outcome);
}
