import type { CurrentUser } from '~/lib/currentUser';

/** The success envelope of DESIGN §4. */
export interface Envelope<T> {
  data: T;
  meta: { message?: string };
}

/** POST /authentication/login/ (SPEC §7). */
export interface LoginData {
  accessToken: string;
  refreshToken: string;
  access: { user: CurrentUser };
}

/** Address fields are null when never filled in. */
export interface Address {
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
}

/** SPEC §3 user profile, as GET /users/{id} answers it (docs/api/accounts.md). */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: Address | null;
  createdAt: string;
  emailConfirmed: boolean;
  active: boolean;
  image: { url: string; fileName: string } | null;
}
