import { type FormErrors, getValue, setError, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { EmailField } from '~/islands/form/EmailField';
import { FormActions } from '~/islands/form/FormActions';
import type { Option } from '~/islands/form/fieldParts';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { PositionField } from '~/islands/form/PositionField';
import { RadioField } from '~/islands/form/RadioField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getPositions, type MemberChange, type OwnerCampaign, type TeamMember } from '~/lib/api/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { fullName } from '~/lib/people';
import { teamMemberSchema } from '~/lib/schemas/campaignTeam';
import { roleHasPosition } from '~/lib/schemas/organisationTeam';
import { changeTeamMember, type TeamResult } from './campaignActions';
import { useLookup } from './useLookup';

type MemberValues = {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  organizationPositionId: string;
  userRole: string;
  mainContactPerson: boolean;
};

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'organizationPositionId',
  'userRole',
  'mainContactPerson',
] as const;

const CAMPAIGN_ROLE_OPTIONS: readonly Option[] = [
  {
    value: String(OrgUserRole.Editor),
    label: 'Editor',
    description: 'Edits the campaign and posts updates.',
  },
  { value: String(OrgUserRole.Admin), label: 'Admin', description: 'Also manages the team.' },
];

export const ROLE_LABELS: Readonly<Record<number, string>> = {
  [OrgUserRole.Owner]: 'Owner',
  [OrgUserRole.Admin]: 'Admin',
  [OrgUserRole.Editor]: 'Editor',
  [OrgUserRole.Champion]: 'Champion',
};

export const INVITE_LABELS: Readonly<Record<number, string>> = {
  [InviteStatus.Pending]: 'Invitation sent',
  [InviteStatus.Accepted]: 'Accepted',
  [InviteStatus.Rejected]: 'Declined',
};

/** A change of the team, without the campaign's or organisation's id (the scope adds it). */
export type { MemberChange };

/** Whose team this is: the campaign's or the organisation's (`PATCH /team-members`). */
export interface TeamScope {
  /** The id the change names: `{ campaignId }` or `{ organizationId }`. */
  key: Record<string, string>;
  /** The shared schema of an added or changed member (with `key`). */
  // biome-ignore lint/suspicious/noExplicitAny: the campaign's or the organisation's team schema.
  schema: v.GenericSchema<any, any>;
  save: (change: MemberChange) => Promise<TeamResult>;
  /** The roles one may give; one role only hides the choice. */
  roles: readonly Option[];
}

function valuesOf(member: TeamMember | null, roles: readonly Option[]): MemberValues {
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    email: member?.email ?? '',
    mobileNumber: member?.mobileNumber ?? '',
    organizationPositionId: member?.organizationPositionId ? String(member.organizationPositionId) : '',
    userRole: String(member?.userRole ?? roles[0]?.value ?? OrgUserRole.Editor),
    mainContactPerson: member?.mainContactPerson === true,
  };
}

/** What applies to the chosen role: a champion's position and main-contact tick are cleared. */
export function applicableMemberValues<T extends { userRole?: string | null | undefined }>(values: T): T {
  return roleHasPosition(Number(values.userRole))
    ? values
    : { ...values, organizationPositionId: '', mainContactPerson: false };
}

function MemberForm({
  scope,
  member,
  title: newTitle,
  submitLabel,
  onDone,
  onCancel,
}: {
  scope: TeamScope;
  member: TeamMember | null;
  /** The heading of a new member's form ('Add a team member'). */
  title: string;
  /** Its submit button ('Add team member'). */
  submitLabel: string;
  onDone: (members: TeamMember[]) => void;
  onCancel: () => void;
}): ReactElement {
  useSignals();
  const positions = useLookup('positions', getPositions);
  const [form, { Form, Field }] = useForm<MemberValues>({
    initialValues: valuesOf(member, scope.roles),
    validate: (values) =>
      schemaErrors(
        scope.schema,
        { ...applicableMemberValues(values), ...scope.key, ...(member ? { id: member.id } : {}) },
        FIELDS,
      ) as FormErrors<MemberValues>,
  });
  // A champion has no position and is never the main contact: those fields show for the other roles only.
  const hasPosition = roleHasPosition(Number(getValue(form, 'userRole')));
  const title = member ? `Change ${fullName(member)}` : newTitle;

  useEffect(() => {
    form.element.value?.querySelector('input')?.focus();
  }, [form]);

  const onSubmit = async (typed: MemberValues): Promise<void> => {
    const values = applicableMemberValues(typed);
    const result = await scope.save({
      ...(member ? { id: member.id } : {}),
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      mobileNumber: values.mobileNumber,
      organizationPositionId: values.organizationPositionId ? Number(values.organizationPositionId) : null,
      userRole: Number(values.userRole),
      mainContactPerson: values.mainContactPerson,
      deleted: false,
    });
    if (result.ok) {
      onDone(result.members);
      return;
    }
    if (!applyServerErrors(form, result.fieldErrors, FIELDS) && result.status === 409 && result.message) {
      setError(form, 'email', result.message);
    }
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-gray-200 p-4" aria-label={title}>
      <h3 className="font-semibold text-ink">{title}</h3>
      {member ? null : (
        <p className="text-sm text-ink-muted">
          We email them an invitation; they can help once they accept it.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} lastNameLabel="Surname" ownName={false} />
        <EmailField of={form} autoComplete="off" />
        <PhoneField of={form} name="mobileNumber" autoComplete="off" hint={null} />
        <div hidden={!hasPosition}>
          <Field name="organizationPositionId">
            {(field, props) => <PositionField field={field} props={props} positions={positions.items} />}
          </Field>
        </div>
      </div>
      <div hidden={scope.roles.length < 2}>
        <Field name="userRole">
          {(field, props) => (
            <RadioField field={field} props={props} legend="Role" layout="cards" options={scope.roles} />
          )}
        </Field>
      </div>
      <div hidden={!hasPosition}>
        <Field name="mainContactPerson" type="boolean">
          {(field, props) => <CheckboxField field={field} props={props} label="Main contact person" />}
        </Field>
      </div>
      <FormActions form={form} busyLabel="Saving…" onCancel={onCancel}>
        {member ? 'Save team member' : submitLabel}
      </FormActions>
    </Form>
  );
}

interface TeamListProps {
  scope: TeamScope;
  /** Everyone listed (removed members are left out here). */
  members: readonly TeamMember[];
  /** What the list is, e.g. 'People who help you run this campaign…'. */
  intro: string;
  listLabel: string;
  emptyText: string;
  /** The add button, and the heading of its form. */
  addLabel: string;
  /** The submit button of that form. */
  submitLabel: string;
  /** Whether this member's Edit and Remove are offered; the server decides in the end. */
  canChange?: (member: TeamMember) => boolean;
  /** Whether the caller may add anyone (false: the list only). */
  canAdd?: boolean;
  /** The server answered with a new list. */
  onChanged: (members: TeamMember[]) => void;
}

/** A team (a campaign's or an organisation's): who is on it, add, change and remove (PATCH /team-members). */
export function TeamList({
  scope,
  members: all,
  intro,
  listLabel,
  emptyText,
  addLabel,
  submitLabel,
  canChange = () => true,
  canAdd = true,
  onChanged,
}: TeamListProps): ReactElement {
  const members = all.filter((m) => !m.deleted);
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);

  const done = (list: TeamMember[]): void => {
    setEditing(null);
    onChanged(list);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const remove = async (member: TeamMember): Promise<void> => {
    setBusy(true);
    const result = await scope.save({ id: member.id, deleted: true });
    setBusy(false);
    if (!result.ok) return;
    setRemoving(null);
    done(result.members);
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-muted">{intro}</p>
      {members.length === 0 ? (
        <p className="rounded-md bg-gray-50 px-4 py-3 text-ink-muted">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label={listLabel}>
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  {fullName(member)}
                  {member.mainContactPerson ? (
                    <span className="ml-2 rounded bg-brand-light px-1.5 py-0.5 text-xs text-brand-dark">
                      Main contact
                    </span>
                  ) : null}
                </p>
                <p className="break-all text-sm text-ink-muted">{member.email}</p>
                <p className="text-xs text-ink-muted">
                  {ROLE_LABELS[member.userRole ?? OrgUserRole.Editor] ?? 'Editor'} ·{' '}
                  {INVITE_LABELS[member.inviteStatus ?? InviteStatus.Pending] ?? 'Invitation sent'}
                </p>
              </div>
              {!canChange(member) ? null : removing?.id === member.id ? (
                <ConfirmDangerDialog
                  className="basis-full"
                  question={`Remove ${member.firstName}?`}
                  confirmLabel="Yes, remove"
                  busyLabel="Removing…"
                  cancelLabel="Keep"
                  busy={busy}
                  onConfirm={() => void remove(member)}
                  onCancel={() => setRemoving(null)}
                />
              ) : (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn-outline px-3 py-1.5 text-sm"
                    aria-label={`Edit ${fullName(member)}`}
                    onClick={() => setEditing(member)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="rounded px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${fullName(member)}`}
                    onClick={() => setRemoving(member)}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <MemberForm
          key={editing === 'new' ? 'new' : editing.id}
          scope={scope}
          member={editing === 'new' ? null : editing}
          title={addLabel}
          submitLabel={submitLabel}
          onDone={done}
          onCancel={() => {
            setEditing(null);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : canAdd ? (
        <button ref={addButton} type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {addLabel}
        </button>
      ) : null}
    </div>
  );
}

/** The Team tab of the campaign editor: who helps run the campaign (Admins and Editors). */
export function TeamMembers({
  campaign,
  onChanged,
}: {
  campaign: OwnerCampaign;
  /** The server answered with a new list. */
  onChanged: (members: TeamMember[]) => void;
}): ReactElement {
  const scope: TeamScope = {
    key: { campaignId: campaign.id },
    schema: teamMemberSchema,
    save: (change) => changeTeamMember({ ...change, campaignId: campaign.id }),
    roles: CAMPAIGN_ROLE_OPTIONS,
  };
  return (
    <TeamList
      scope={scope}
      members={campaign.teamMembers}
      intro="People who help you run this campaign: editors can change it and post updates."
      listLabel="Team members"
      emptyText="No team members yet."
      addLabel="Add a team member"
      submitLabel="Add team member"
      onChanged={onChanged}
    />
  );
}
