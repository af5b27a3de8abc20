/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Echoed as `x-request-id` and named in 500 answers and logs. */
    requestId: string;
    /** From a valid bearer access token; null for visitors. */
    user: import('~/lib/server/accounts/session').SessionUser | null;
    authProblem: import('~/lib/server/accounts/session').AuthProblem | null;
  }
}
