import type { CurrentUser } from '~/lib/currentUser';

/** The account wire shapes of docs/api/accounts.md, declared once for the server and the browser. Types only. */

/** The session's tokens: what login and `POST /authentication/refresh` answer. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/** `POST /authentication/login/` (SPEC §7). */
export interface LoginData extends AuthTokens {
  access: { user: CurrentUser };
}

/** `POST /authentication/register/`: the new account (the page then asks the person to check their mail). */
export interface Registered {
  id: string;
  email: string;
}

/** `PATCH /authentication/verify-user/`: the address is confirmed. */
export interface EmailVerified {
  emailConfirmed: true;
}

/** A profile's address; each field is null when never filled in (the address itself is always there). */
export interface UserAddress {
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
}

/** SPEC §3's user profile plus the picture, as `GET /users/{id}` and `PATCH /users` answer it. */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: UserAddress;
  /** ISO 8601. */
  createdAt: string;
  emailConfirmed: boolean;
  active: boolean;
  image: { url: string; fileName: string } | null;
}
