import { relations } from 'drizzle-orm';
import {
  campaignAddresses,
  campaignDocuments,
  campaignImages,
  campaignSettings,
  campaignSocials,
  campaigns,
  campaignUpdateMedia,
  campaignUpdates,
  campaignVideos,
} from './campaigns';
import { donations, recurringDonations } from './donations';
import { campaignCategories, campaignSubCategories, closeReasons, currencies, events } from './lookups';
import {
  organisationAddresses,
  organisationSectors,
  organisationSocials,
  organisations,
  organisationUsers,
  organisationVerifications,
  organisationVideos,
  teamMembers,
} from './organisations';
import { bankingDetailDocuments, bankingDetails, payoutItems, payouts } from './payouts';
import { storedFiles } from './site';
import { users } from './users';

// Relations power `db.query.*.findMany({ with })`; they add no SQL constraints.

export const usersRelations = relations(users, ({ one, many }) => ({
  image: one(storedFiles, { fields: [users.imageFileId], references: [storedFiles.id] }),
  campaigns: many(campaigns),
  organisationUsers: many(organisationUsers),
  donations: many(donations),
}));

export const campaignCategoriesRelations = relations(campaignCategories, ({ many }) => ({
  subCategories: many(campaignSubCategories),
}));

export const campaignSubCategoriesRelations = relations(campaignSubCategories, ({ one }) => ({
  category: one(campaignCategories, {
    fields: [campaignSubCategories.campaignCategoryId],
    references: [campaignCategories.id],
  }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  owner: one(users, { fields: [campaigns.ownerId], references: [users.id] }),
  organisation: one(organisations, { fields: [campaigns.organisationId], references: [organisations.id] }),
  category: one(campaignCategories, {
    fields: [campaigns.campaignCategoryId],
    references: [campaignCategories.id],
  }),
  subCategory: one(campaignSubCategories, {
    fields: [campaigns.campaignSubCategoryId],
    references: [campaignSubCategories.id],
  }),
  event: one(events, { fields: [campaigns.eventId], references: [events.id] }),
  closeReason: one(closeReasons, { fields: [campaigns.closeReasonId], references: [closeReasons.id] }),
  setting: one(campaignSettings),
  address: one(campaignAddresses),
  images: many(campaignImages),
  videos: many(campaignVideos),
  socials: many(campaignSocials),
  documents: many(campaignDocuments),
  updates: many(campaignUpdates),
  donations: many(donations),
  teamMembers: many(teamMembers),
  bankingDetails: many(bankingDetails),
}));

export const campaignSettingsRelations = relations(campaignSettings, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignSettings.campaignId], references: [campaigns.id] }),
  currency: one(currencies, { fields: [campaignSettings.currencyId], references: [currencies.id] }),
}));

export const campaignAddressesRelations = relations(campaignAddresses, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignAddresses.campaignId], references: [campaigns.id] }),
}));

export const campaignImagesRelations = relations(campaignImages, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignImages.campaignId], references: [campaigns.id] }),
  file: one(storedFiles, { fields: [campaignImages.fileId], references: [storedFiles.id] }),
}));

export const campaignVideosRelations = relations(campaignVideos, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignVideos.campaignId], references: [campaigns.id] }),
}));

export const campaignSocialsRelations = relations(campaignSocials, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignSocials.campaignId], references: [campaigns.id] }),
}));

export const campaignDocumentsRelations = relations(campaignDocuments, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignDocuments.campaignId], references: [campaigns.id] }),
  file: one(storedFiles, { fields: [campaignDocuments.fileId], references: [storedFiles.id] }),
}));

export const campaignUpdatesRelations = relations(campaignUpdates, ({ one, many }) => ({
  campaign: one(campaigns, { fields: [campaignUpdates.campaignId], references: [campaigns.id] }),
  user: one(users, { fields: [campaignUpdates.userId], references: [users.id] }),
  media: many(campaignUpdateMedia),
}));

export const campaignUpdateMediaRelations = relations(campaignUpdateMedia, ({ one }) => ({
  update: one(campaignUpdates, {
    fields: [campaignUpdateMedia.campaignUpdateId],
    references: [campaignUpdates.id],
  }),
  file: one(storedFiles, { fields: [campaignUpdateMedia.fileId], references: [storedFiles.id] }),
}));

export const organisationsRelations = relations(organisations, ({ one, many }) => ({
  logo: one(storedFiles, { fields: [organisations.logoFileId], references: [storedFiles.id] }),
  s18Certificate: one(storedFiles, {
    fields: [organisations.s18CertificateFileId],
    references: [storedFiles.id],
  }),
  sectors: many(organisationSectors),
  addresses: many(organisationAddresses),
  videos: many(organisationVideos),
  socials: many(organisationSocials),
  users: many(organisationUsers),
  teamMembers: many(teamMembers),
  verification: one(organisationVerifications),
  campaigns: many(campaigns),
  bankingDetails: many(bankingDetails),
}));

export const organisationSectorsRelations = relations(organisationSectors, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationSectors.organisationId],
    references: [organisations.id],
  }),
}));

export const organisationAddressesRelations = relations(organisationAddresses, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationAddresses.organisationId],
    references: [organisations.id],
  }),
}));

export const organisationVideosRelations = relations(organisationVideos, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationVideos.organisationId],
    references: [organisations.id],
  }),
}));

export const organisationSocialsRelations = relations(organisationSocials, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationSocials.organisationId],
    references: [organisations.id],
  }),
}));

export const organisationUsersRelations = relations(organisationUsers, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationUsers.organisationId],
    references: [organisations.id],
  }),
  user: one(users, { fields: [organisationUsers.userId], references: [users.id] }),
}));

export const organisationVerificationsRelations = relations(organisationVerifications, ({ one }) => ({
  organisation: one(organisations, {
    fields: [organisationVerifications.organisationId],
    references: [organisations.id],
  }),
}));

export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  organisation: one(organisations, { fields: [teamMembers.organisationId], references: [organisations.id] }),
  campaign: one(campaigns, { fields: [teamMembers.campaignId], references: [campaigns.id] }),
  user: one(users, { fields: [teamMembers.userId], references: [users.id] }),
}));

export const donationsRelations = relations(donations, ({ one }) => ({
  campaign: one(campaigns, { fields: [donations.campaignId], references: [campaigns.id] }),
  user: one(users, { fields: [donations.userId], references: [users.id] }),
  currency: one(currencies, { fields: [donations.currencyId], references: [currencies.id] }),
  recurringDonation: one(recurringDonations, {
    fields: [donations.recurringDonationId],
    references: [recurringDonations.id],
  }),
}));

export const recurringDonationsRelations = relations(recurringDonations, ({ one, many }) => ({
  campaign: one(campaigns, { fields: [recurringDonations.campaignId], references: [campaigns.id] }),
  user: one(users, { fields: [recurringDonations.userId], references: [users.id] }),
  currency: one(currencies, { fields: [recurringDonations.currencyId], references: [currencies.id] }),
  donations: many(donations),
}));

export const bankingDetailsRelations = relations(bankingDetails, ({ one, many }) => ({
  organisation: one(organisations, {
    fields: [bankingDetails.organisationId],
    references: [organisations.id],
  }),
  campaign: one(campaigns, { fields: [bankingDetails.campaignId], references: [campaigns.id] }),
  documents: many(bankingDetailDocuments),
}));

export const bankingDetailDocumentsRelations = relations(bankingDetailDocuments, ({ one }) => ({
  bankingDetail: one(bankingDetails, {
    fields: [bankingDetailDocuments.bankingDetailId],
    references: [bankingDetails.id],
  }),
  file: one(storedFiles, { fields: [bankingDetailDocuments.fileId], references: [storedFiles.id] }),
}));

export const payoutsRelations = relations(payouts, ({ one, many }) => ({
  organisation: one(organisations, { fields: [payouts.organisationId], references: [organisations.id] }),
  campaign: one(campaigns, { fields: [payouts.campaignId], references: [campaigns.id] }),
  bankingDetail: one(bankingDetails, { fields: [payouts.bankingDetailId], references: [bankingDetails.id] }),
  document: one(storedFiles, { fields: [payouts.documentFileId], references: [storedFiles.id] }),
  items: many(payoutItems),
}));

export const payoutItemsRelations = relations(payoutItems, ({ one }) => ({
  payout: one(payouts, { fields: [payoutItems.payoutId], references: [payouts.id] }),
  campaign: one(campaigns, { fields: [payoutItems.campaignId], references: [campaigns.id] }),
}));
