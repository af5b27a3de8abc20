import { type FormErrors, setError, useForm } from '@modular-forms/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { CheckboxField } from '~/islands/form/CheckboxField';
import { ConfirmDangerDialog } from '~/islands/form/ConfirmDangerDialog';
import { EmailField } from '~/islands/form/EmailField';
import type { Option } from '~/islands/form/fieldParts';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { RadioField } from '~/islands/form/RadioField';
import { SelectField } from '~/islands/form/SelectField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { getPositions, type OwnerCampaign, type TeamMember } from '~/lib/api/campaigns';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { teamMemberSchema } from '~/lib/schemas/campaignTeam';
import { changeTeamMember } from './campaignActions';
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

const ROLE_OPTIONS: readonly Option[] = [
  {
    value: String(OrgUserRole.Editor),
    label: 'Editor',
    description: 'Edits the campaign and posts updates.',
  },
  { value: String(OrgUserRole.Admin), label: 'Admin', description: 'Also manages the team.' },
];

const ROLE_LABELS: Readonly<Record<number, string>> = {
  [OrgUserRole.Owner]: 'Owner',
  [OrgUserRole.Admin]: 'Admin',
  [OrgUserRole.Editor]: 'Editor',
  [OrgUserRole.Champion]: 'Champion',
};

const INVITE_LABELS: Readonly<Record<number, string>> = {
  [InviteStatus.Pending]: 'Invitation sent',
  [InviteStatus.Accepted]: 'Accepted',
  [InviteStatus.Rejected]: 'Declined',
};

function valuesOf(member: TeamMember | null): MemberValues {
  return {
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    email: member?.email ?? '',
    mobileNumber: member?.mobileNumber ?? '',
    organizationPositionId: member?.organizationPositionId ? String(member.organizationPositionId) : '',
    userRole: String(member?.userRole ?? OrgUserRole.Editor),
    mainContactPerson: member?.mainContactPerson === true,
  };
}

function MemberForm({
  campaignId,
  member,
  onDone,
  onCancel,
}: {
  campaignId: string;
  member: TeamMember | null;
  onDone: (members: TeamMember[]) => void;
  onCancel: () => void;
}): ReactElement {
  const positions = useLookup('positions', getPositions);
  const [form, { Form, Field }] = useForm<MemberValues>({
    initialValues: valuesOf(member),
    validate: (values) =>
      schemaErrors(
        teamMemberSchema,
        { ...values, campaignId, ...(member ? { id: member.id } : {}) },
        FIELDS,
      ) as FormErrors<MemberValues>,
  });
  const title = member ? `Change ${member.firstName} ${member.lastName}` : 'Add a team member';

  useEffect(() => {
    form.element.value?.querySelector('input')?.focus();
  }, [form]);

  const onSubmit = async (values: MemberValues): Promise<void> => {
    const result = await changeTeamMember({
      ...(member ? { id: member.id } : {}),
      campaignId,
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
        <Field name="mobileNumber">
          {(field, props) => <PhoneField field={field} props={props} autoComplete="off" />}
        </Field>
        <Field name="organizationPositionId">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Position"
              placeholder="No position"
              options={positions.items.map((p) => ({ value: String(p.id), label: p.name }))}
            />
          )}
        </Field>
      </div>
      <Field name="userRole">
        {(field, props) => (
          <RadioField field={field} props={props} legend="Role" layout="cards" options={ROLE_OPTIONS} />
        )}
      </Field>
      <Field name="mainContactPerson" type="boolean">
        {(field, props) => <CheckboxField field={field} props={props} label="Main contact person" />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton form={form} busyLabel="Saving…" className="btn-primary disabled:opacity-60">
          {member ? 'Save team member' : 'Add team member'}
        </SubmitButton>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

/** The Team tab: who helps run the campaign (PATCH /team-members: add, change, remove). */
export function TeamMembers({
  campaign,
  onChanged,
}: {
  campaign: OwnerCampaign;
  /** The server answered with a new list, or the campaign should be read again (null). */
  onChanged: (members: TeamMember[]) => void;
}): ReactElement {
  const members = campaign.teamMembers.filter((m) => !m.deleted);
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
    const result = await changeTeamMember({ id: member.id, campaignId: campaign.id, deleted: true });
    setBusy(false);
    if (!result.ok) return;
    setRemoving(null);
    done(result.members);
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-muted">
        People who help you run this campaign: editors can change it and post updates.
      </p>
      {members.length === 0 ? (
        <p className="rounded-md bg-gray-50 px-4 py-3 text-ink-muted">No team members yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Team members">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  {member.firstName} {member.lastName}
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
              {removing?.id === member.id ? (
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
                    aria-label={`Edit ${member.firstName} ${member.lastName}`}
                    onClick={() => setEditing(member)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="rounded px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Remove ${member.firstName} ${member.lastName}`}
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
          campaignId={campaign.id}
          member={editing === 'new' ? null : editing}
          onDone={done}
          onCancel={() => {
            setEditing(null);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <button ref={addButton} type="button" className="btn-primary" onClick={() => setEditing('new')}>
          Add a team member
        </button>
      )}
    </div>
  );
}
