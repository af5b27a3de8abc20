import type { BankingDetail, TeamMember } from './campaigns';

/** The organisation wire shapes of docs/api/organisations.md, declared once for the server and the browser. Types only. */

export interface AddressView {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
}

export interface OrganisationAddressView extends AddressView {
  id: string;
  position: number;
}

export interface FileView {
  url: string;
  fileName: string;
}

export interface LinkView {
  id: string;
  url: string;
}

export interface OrganisationUserView {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
}

/** The newest banking details without the id number, all but the last 4 digits of the account number masked. */
export interface MaskedBankingDetailView extends Omit<BankingDetail, 'idNumber'> {
  accountHolderEmail: string | null;
}

/** `GET /organizations/`: SPEC §3 "Organisation" plus what only the user's own organisation response carries. */
export interface MyOrganisationView {
  id: string;
  legalName: string;
  otherName: string | null;
  organizationSectors: { id: number; name: string }[];
  organizationTypeId: number | null;
  address: AddressView | null;
  keywordsDescription: string | null;
  organizationVideos: LinkView[];
  organizationSocials: LinkView[];
  briefDescription: string | null;
  logo: FileView | null;
  s18Certificate: FileView | null;
  mainContactPerson: {
    id: string | null;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
    position: { id: number; name: string } | null;
    email: string | null;
  };
  website: string | null;
  telephone: string | null;
  email: string | null;
  /** Rand: accepted donations of the organisation's campaigns. */
  orgDonationsTotal: number;
  organizationTotalFundsReceived: number;
  /** Rand: funds received less payouts paid from the organisation's campaigns. */
  organizationFundsAvailable: number;
  url: string;
  isVerified: boolean;
  teamMembers: TeamMember[];
  organizationUsers: OrganisationUserView[];
  organizationAddresses: OrganisationAddressView[];
  videoUrls: string[];
  socialUrls: string[];
  bankingDetail: MaskedBankingDetailView | null;
  /** The caller's role in the organisation: Owner 0, Admin 1, Editor 2, Champion 3. */
  userRole: number;
}
