// Figures recorded before a change, kept in every report so one run shows before and after.
// Issue 23 (page weight): measured at commit 1fd5c57 on the same machine as the runs after it,
// with `npm run bench -- --only=weight,lighthouse --pages=donation,profile`.

export const BEFORE = `## Before (issue 23)

Commit 1fd5c57, 2026-11-28, the same machine and settings; page weight in Chromium and Lighthouse mobile as above.

| page | JS KB | JS files | JS before load KB | Lighthouse performance | LCP ms | TBT ms | CLS | Lighthouse JS KB |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
| donation page \`/donation/siyakhula-saturday-school\` | 137.9 | 46 | 103.2 | 97 | 1205 | 203 | 0.000 | 156.1 |
| profile shell \`/profile\`, signed in | 125.7 | 65 | 40.4 | 85 | 1116 | 573 | 0.058 | 151.3 |
| profile shell \`/profile\`, signed out (on to the login page) | 226.4 | 97 | 218.3 | 83 | 3675 | 153 | 0.000 | 154.7 |

The issue's "223 KB, Lighthouse 89, LCP 3.2 s" for the profile shell is the signed-out row: the page
loaded its three tabs' code, then sent the visitor to the login page, which loaded its own.`;
