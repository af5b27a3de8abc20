/**
 * The one map of where a user's personal data lives (POPIA), table by table: what in each table
 * belongs to a user, what the export (exportUserData.ts) gives them, and what account deletion
 * (deleteAccount.ts) does to it. docs/api/privacy.md reads the same; tests/unit/accounts/privacyMap.test.ts
 * fails when a table of the schema is missing here, so a new table must be decided on.
 */
export interface PersonalDataEntry {
  /** Which rows are the user's, or why none are. */
  belongs: string;
  /** What the export holds of them ('—' when nothing). */
  exported: string;
  /** What deleting the account does to them. */
  onDeletion: string;
}

const LOOKUP: PersonalDataEntry = {
  belongs: 'A lookup every form offers; nobody’s personal data.',
  exported: '—',
  onDeletion: 'Nothing.',
};

const ORGANISATION_OWN: PersonalDataEntry = {
  belongs: 'The organisation’s, not any one user’s.',
  exported: '—',
  onDeletion: 'Nothing.',
};

export const PERSONAL_DATA: Readonly<Record<string, PersonalDataEntry>> = {
  users: {
    belongs: 'The account itself.',
    exported: 'The row, without the password hash (never given out, even to its owner).',
    onDeletion:
      'Kept for the ledger’s references, blanked: names “Deleted user”, email deleted-<id>@invalid (the address can register again), phone, location and address cleared, no password (no login), inactive, picture removed, deleted_at set.',
  },
  stored_files: {
    belongs: 'Files the user uploaded (owner_id).',
    exported: 'The rows, and the bytes of each under files/ (images at their default width).',
    onDeletion:
      'Deleted with their bytes, unless an organisation’s records or a payout still need the file; such a file keeps its bytes and loses its original name.',
  },
  refresh_tokens: {
    belongs: 'The user’s logins (user_id).',
    exported: 'When each was made, expires, was rotated or revoked; never the token hash.',
    onDeletion: 'Deleted: every session ends at once.',
  },
  email_tokens: {
    belongs: 'Links mailed to the user (user_id).',
    exported: 'Purpose and dates; never the token hash.',
    onDeletion: 'Deleted.',
  },
  mail_queue: {
    belongs: 'Mail to the user’s address (address), waiting or sent in the last 7 days, and dead letters.',
    exported: '—',
    onDeletion: 'Deleted, waiting mail too: nothing more is sent to the address.',
  },
  mail_queue_attachments: {
    belongs: 'The files of the mail above (a receipt’s PDF).',
    exported: '—',
    onDeletion: 'Deleted with their mail.',
  },
  rate_limits: {
    belongs: 'Counters keyed by the user’s email or id (login, mail, password reset, deletion attempts).',
    exported: 'The rows.',
    onDeletion: 'Deleted.',
  },
  audit_log: {
    belongs: 'Entries the user acted in (actor_id), and entries whose details name them.',
    exported: 'The entries where the user is the actor.',
    onDeletion:
      'Kept (the platform’s record of what happened), with every value of the user inside details, before and after blanked, and the client address of their own entries.',
  },
  donations: {
    belongs: 'Gifts made signed in (user_id) or with the account’s email before signing in.',
    exported: 'The rows, money as amounts with the currency.',
    onDeletion:
      'Kept in the ledger (campaign totals, payouts and receipts depend on them) and anonymised: “Anonymous”, no email, phone, display name or comment; amounts and status unchanged.',
  },
  recurring_donations: {
    belongs: 'Monthly donations, by user_id or email.',
    exported: 'The rows.',
    onDeletion:
      'Active ones are cancelled at PayFast first (deletion is refused if PayFast refuses), then anonymised like donations.',
  },
  gateway_notifications: {
    belongs: 'What the gateway reported about the user’s donations.',
    exported: 'The rows with their payloads.',
    onDeletion:
      'Kept (proof of payment) with every string holding the donor’s names, email or phone blanked.',
  },
  donation_receipts: {
    belongs: 'Section 18A receipts of the user’s donations, or asked for by them (requested_by_id).',
    exported: 'The rows.',
    onDeletion:
      'Kept (the organisation’s numbering must have no gaps; SARS may ask for it): donor “Anonymous”, tax number, address and email blanked; number, amount and dates stay.',
  },
  yearly_certificates: {
    belongs: 'Yearly Section 18A certificates issued to the user’s address or listing their donations.',
    exported: 'The rows.',
    onDeletion:
      'Kept (one number series without gaps; SARS may ask for it): donor “Anonymous”, tax number, address, email and donor key blanked; number, amount and dates stay.',
  },
  yearly_certificate_donations: {
    belongs: 'Which donations a yearly certificate lists; amounts and ids, no names.',
    exported: 'Through yearly_certificates (the donations themselves are in donations).',
    onDeletion: 'Kept: names nobody.',
  },
  campaign_insight_days: {
    belongs: 'A campaign’s donations summed per day and channel; numbers only, nobody’s personal data.',
    exported: '—',
    onDeletion: 'Nothing (deleted with a campaign).',
  },
  organisation_raised: {
    belongs: 'What an organisation’s campaigns raised, in two sums; numbers only, nobody’s personal data.',
    exported: '—',
    onDeletion: 'Nothing.',
  },
  campaign_page_views: {
    belongs: 'Page views of a campaign per day: a count, no cookie, address or agent.',
    exported: '—',
    onDeletion: 'Nothing.',
  },
  campaign_milestones: {
    belongs: 'Which milestone mails a campaign’s owner was sent; kinds and times only.',
    exported: '—',
    onDeletion: 'Nothing.',
  },
  donation_refunds: {
    belongs: 'The refund ledger of the user’s donations: refunds, chargebacks and their reversals.',
    exported: 'The rows of the user’s donations.',
    onDeletion:
      'Kept (money moved; the totals are derived from it). They name nobody: amounts, reasons staff wrote, references.',
  },
  refund_requests: {
    belongs: 'Refunds the user asked for (user_id), or asked for one of their donations.',
    exported: 'The rows with the reason the user gave.',
    onDeletion:
      'Kept as the record of staff’s decision; user_id cleared, the donor’s reason blanked and the user’s values removed from staff’s note.',
  },
  reports: {
    belongs: 'Reports the user made of a campaign or an organisation (user_id, or the address they gave).',
    exported: 'The rows with their texts.',
    onDeletion:
      'Kept for staff (a report is about a campaign, not its reporter); user_id cleared, the address blanked and the user’s values removed from the text.',
  },
  organisation_receipt_counters: {
    belongs: 'An organisation’s last receipt number; nobody’s personal data.',
    exported: '—',
    onDeletion: 'Nothing.',
  },
  campaigns: {
    belongs: 'Campaigns the user owns (owner_id).',
    exported: 'The rows with settings, address, images, videos, social pages and documents.',
    onDeletion:
      'Refused while one has money not yet paid out. Otherwise closed and unpublished (hidden from everyone), the user’s values removed from its texts; the row stays for the ledger.',
  },
  campaign_settings: {
    belongs: 'Settings of the user’s campaigns.',
    exported: 'The rows.',
    onDeletion: 'Kept with the campaign.',
  },
  campaign_addresses: {
    belongs: 'Where the user’s campaigns are.',
    exported: 'The rows.',
    onDeletion: 'Deleted.',
  },
  campaign_images: {
    belongs: 'Pictures of the user’s campaigns.',
    exported: 'The rows (the bytes under files/).',
    onDeletion: 'Deleted with their files.',
  },
  campaign_videos: {
    belongs: 'Video links of the user’s campaigns.',
    exported: 'The rows.',
    onDeletion: 'Deleted.',
  },
  campaign_socials: {
    belongs: 'Social pages of the user’s campaigns.',
    exported: 'The rows.',
    onDeletion: 'Deleted.',
  },
  campaign_documents: {
    belongs: 'Identity and supporting documents of the user’s campaigns.',
    exported: 'The rows (the bytes under files/).',
    onDeletion: 'Deleted with their files.',
  },
  campaign_updates: {
    belongs: 'Updates the user wrote (user_id).',
    exported: 'The rows with their media.',
    onDeletion:
      'On the user’s own campaigns: deleted. On someone else’s campaign (as a team member): kept, with the user’s values removed from the text.',
  },
  campaign_update_media: {
    belongs: 'Media of the updates the user wrote.',
    exported: 'The rows.',
    onDeletion: 'Deleted with the update.',
  },
  team_members: {
    belongs: 'Invitations and memberships of the user (user_id) or to their email.',
    exported: 'The rows, without the invitation token hash.',
    onDeletion: 'Deleted.',
  },
  organisations: {
    belongs: 'Organisations the user created (created_by_id) or belongs to (organisation_users).',
    exported: 'The rows.',
    onDeletion:
      'Kept (they are the organisation’s, not the user’s); main contact, email or phone that are the user’s own are cleared.',
  },
  organisation_users: {
    belongs: 'The user’s roles in organisations.',
    exported: 'The rows.',
    onDeletion:
      'Deleted. Refused while the user is the only Owner of an organisation with money not yet paid out.',
  },
  organisation_addresses: {
    belongs: 'The organisation’s; the user’s only where they typed their own address.',
    exported: '— (the organisation’s data)',
    onDeletion: 'Lines equal to the user’s own address are cleared.',
  },
  organisation_sectors: ORGANISATION_OWN,
  organisation_videos: ORGANISATION_OWN,
  organisation_socials: ORGANISATION_OWN,
  organisation_verifications: {
    belongs: 'The organisation’s answers; an admin’s only as its reviewer (reviewed_by_id).',
    exported: 'For an admin: which ones they decided (organisation id).',
    onDeletion: 'Kept.',
  },
  organisation_verification_documents: {
    belongs: 'The organisation’s documents (the files may have been uploaded by the user).',
    exported: 'The files the user uploaded, under files/.',
    onDeletion: 'Kept: the organisation’s verification rests on them (the file loses its original name).',
  },
  banking_details: {
    belongs:
      'Bank accounts the user submitted (submitted_by_id) or of their campaigns; an admin’s as reviewer.',
    exported: 'The rows (for an admin, which ones they decided).',
    onDeletion:
      'Their campaigns’ banking details are deleted. An organisation’s stay, with holder name, email and ID number cleared where they are the user’s.',
  },
  banking_detail_documents: {
    belongs: 'Bank letters of those banking details.',
    exported: 'The rows (the bytes under files/).',
    onDeletion: 'Deleted with the banking details.',
  },
  payouts: {
    belongs: 'Payouts the user requested (requested_by_id); an admin’s as reviewer.',
    exported: 'The rows with their items (for an admin, which ones they decided).',
    onDeletion: 'Kept in the ledger; the user’s values removed from notes and description.',
  },
  payout_items: {
    belongs: 'Items of the user’s payouts.',
    exported: 'The rows.',
    onDeletion: 'Kept in the ledger.',
  },
  banners: { belongs: 'Site-wide messages; nobody’s personal data.', exported: '—', onDeletion: 'Nothing.' },
  captcha_solutions: {
    belongs: 'Spent captcha answers; they name nobody.',
    exported: '—',
    onDeletion: 'Nothing.',
  },
  banks: LOOKUP,
  account_types: LOOKUP,
  id_types: LOOKUP,
  sectors: LOOKUP,
  organisation_types: LOOKUP,
  positions: LOOKUP,
  currencies: LOOKUP,
  campaign_categories: LOOKUP,
  campaign_sub_categories: LOOKUP,
  events: LOOKUP,
  close_reasons: LOOKUP,
};
