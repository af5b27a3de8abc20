import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ShowGateways } from '~/lib/paymentMethods';
import { withCampaignCurrency } from '~/lib/server/db/joins';
import { campaignSettings, campaigns, currencies } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { effectiveStatusSql } from './cards';

// What several queries of campaigns select the same way, written once.

/**
 * Whose a campaign is: its owner, the organisation it raises for and its funding type. They decide
 * who may request its payouts (payouts/access.ts mayRequestPayout) and the type it reads as
 * (campaignTypeOf in lib/campaignDisplay.ts).
 */
export const campaignOwnershipColumns = {
  id: campaigns.id,
  ownerId: campaigns.ownerId,
  organisationId: campaigns.organisationId,
  fundingType: campaigns.fundingType,
};

/**
 * A query of whole campaign rows, each with its effective status, its settings and the currency it
 * raises in, and the `more` columns: what a campaign's page and a new donation's rules read. Unsent,
 * to go on with joins, WHERE and ORDER BY.
 */
export function campaignInCurrencyQuery<M extends SelectedFields>(conn: DbOrTx, more: M) {
  return withCampaignCurrency(
    conn
      .select({
        campaign: campaigns,
        status: effectiveStatusSql,
        settings: campaignSettings,
        currency: currencies,
        ...more,
      })
      .from(campaigns)
      .$dynamic(),
  );
}

/** The payment gateways a campaign's settings switch on (of a row `campaignInCurrencyQuery` reads). */
export function showGatewaysOf(
  settings: Pick<
    typeof campaignSettings.$inferSelect,
    'showPaysoft' | 'showPayPal' | 'showPayfast' | 'showOzow' | 'showSnapscan'
  >,
): ShowGateways {
  return {
    paysoft: settings.showPaysoft,
    payPal: settings.showPayPal,
    payfast: settings.showPayfast,
    ozow: settings.showOzow,
    snapscan: settings.showSnapscan,
  };
}
