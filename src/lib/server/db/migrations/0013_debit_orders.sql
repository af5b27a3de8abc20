-- Paysoft debit orders (payment method 7): the donor's mandate on a monthly donation, without
-- the full account or ID number (those are held by Paysoft behind the mandate's token, kept in
-- gateway_token): bank, branch code, account type, holder, the masked numbers, when and what
-- the donor accepted, and the count of consecutive unpaid collections.
ALTER TABLE "recurring_donations" ADD COLUMN "debit_order" jsonb;
