// A signed-in visit for the pages that need one (the profile shell): the demo donor's tokens, put
// where the site keeps them (localStorage userAuthToken and userAuthRefreshToken, SPEC §3) before
// the page is opened, as a returning donor's browser has them.
import { TEST_DEMO_PASSWORD } from '../../scripts/test-support/server.mjs';
import { jsonRequest } from './http.mjs';
import { DONOR_EMAIL, OWNER_EMAIL } from './routes.mjs';

/** The demo donor's tokens (or, with `who` 'owner', the demo campaign owner's), from the login endpoint. */
export async function donorSession(baseUrl, who = 'donor') {
  const login = await jsonRequest(`${baseUrl}/api/v1/authentication/login/`, {
    method: 'POST',
    body: { email: who === 'owner' ? OWNER_EMAIL : DONOR_EMAIL, password: TEST_DEMO_PASSWORD },
  });
  return { accessToken: login.data.accessToken, refreshToken: login.data.refreshToken };
}

/** Stores the tokens in a Playwright page's localStorage for baseUrl's origin (opens /robots.txt there). */
export async function storeSession(page, baseUrl, tokens) {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('userAuthToken', accessToken);
    localStorage.setItem('userAuthRefreshToken', refreshToken);
  }, tokens);
}
