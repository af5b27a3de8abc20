// Creating a donation with its notification, the write a campaign page's visitors cause: per
// iteration a signed-in donor's PayFast donation (POST /donations/logged-in), then the ITN PayFast
// would send for it (POST /payments/payfast/notify). A fixed number of loops run at once, as
// autocannon's connections do; then the bench waits until the campaign total shows every gift.
import { request } from 'node:http';
import { TEST_DEMO_PASSWORD } from '../../scripts/test-support/server.mjs';
import { jsonRequest } from './http.mjs';
import { options } from './options.mjs';
import { CAMPAIGN, DONOR_EMAIL } from './routes.mjs';

const PAYFAST = 8; // PaymentGateway.PayFast (src/lib/enums.ts)
const AMOUNT = 100;
const NOTIFY_PATH = '/api/v1/payments/payfast/notify';

/** The demo donor's access token (lasts longer than the run; valid on every process sharing JWT_SECRET). */
export async function donorToken(baseUrl) {
  const login = await jsonRequest(`${baseUrl}/api/v1/authentication/login/`, {
    method: 'POST',
    body: { email: DONOR_EMAIL, password: TEST_DEMO_PASSWORD },
  });
  return login.data.accessToken;
}

const donationBody = {
  type: 0,
  currencyId: 1,
  amount: AMOUNT,
  tipOrAdminFeeAmount: 0,
  paymentMethod: PAYFAST,
  firstName: 'Fatima',
  lastName: 'Patel',
  email: DONOR_EMAIL,
  mobileNumber: '0821234567',
  anonymous: false,
  campaignUrl: CAMPAIGN,
};

/** POSTs a form body from 127.0.0.1 (the address the server is told PayFast uses); resolves the status. */
function postForm(url, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One donation and its notification; resolves the milliseconds both took, or throws. */
async function donateOnce(baseUrl, token, gateway) {
  const started = performance.now();
  const created = await jsonRequest(`${baseUrl}/api/v1/donations/logged-in`, {
    method: 'POST',
    body: donationBody,
    token,
    expect: 201,
  });
  const fields = created.data.transactionInfo?.paymentForm?.fields;
  if (!fields) throw new Error('the donation answered no PayFast form');
  const status = await postForm(`${baseUrl}${NOTIFY_PATH}`, gateway.itnFor(fields));
  if (status !== 200) throw new Error(`the notification answered ${status}`);
  return performance.now() - started;
}

/**
 * Runs `loops` concurrent loops of donation + notification (spread over the base URLs) for `seconds`;
 * resolves each completed iteration's milliseconds and the errors. Also npm run bench:cluster's mixed load.
 */
export async function donateFor(baseUrls, token, gateway, seconds, loops = options.connections) {
  const latencies = [];
  let errors = 0;
  let firstError = null;
  const deadline = performance.now() + seconds * 1000;
  const loop = async (i) => {
    const base = baseUrls[i % baseUrls.length];
    while (performance.now() < deadline) {
      try {
        latencies.push(await donateOnce(base, token, gateway));
      } catch (error) {
        errors += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return { latencies, errors, firstError };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function raisedOf(baseUrl) {
  const detail = await jsonRequest(`${baseUrl}/api/v1/campaigns/short/${CAMPAIGN}?idType=0`);
  return Number(detail.data.donationsReceivedTotal);
}

/**
 * @returns {Promise<import('./load.mjs').LoadResult & { bookedAfterS: number | null }>}
 *   rps = donations (each with its notification) per second; bookedAfterS = seconds after the
 *   load stopped until the campaign total showed every gift (null: not within a minute).
 */
export async function measureDonations(baseUrls, gateway) {
  const token = await donorToken(baseUrls[0]);
  const before = await raisedOf(baseUrls[0]);
  const warm = await donateFor(baseUrls, token, gateway, options.warmupS);
  const run = await donateFor(baseUrls, token, gateway, options.durationS);
  const stopped = performance.now();
  const expected = before + (warm.latencies.length + run.latencies.length) * AMOUNT;
  let bookedAfterS = null;
  while (performance.now() - stopped < 60_000) {
    if ((await raisedOf(baseUrls[baseUrls.length - 1])) >= expected - 0.005) {
      bookedAfterS = (performance.now() - stopped) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sorted = run.latencies.sort((a, b) => a - b);
  const failure = run.firstError ?? warm.firstError;
  if (failure) console.warn(`  donation errors: ${failure instanceof Error ? failure.message : failure}`);
  return {
    rps: sorted.length / options.durationS,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    errors: run.errors,
    requests: sorted.length,
    bytesPerRequest: 0,
    bookedAfterS,
  };
}
