/** Browser storage keys read before any store loads (src/scripts/signedInDirective.ts) and by the stores. */

/** SPEC §3 `userAuthToken` (localStorage). */
export const ACCESS_TOKEN_KEY = 'userAuthToken';
/** SPEC §3 `userAuthRefreshToken` (localStorage). */
export const REFRESH_TOKEN_KEY = 'userAuthRefreshToken';
/** Where to go back to after logging in (sessionStorage). */
export const RETURN_PATH_KEY = 'letsema:returnPath';
