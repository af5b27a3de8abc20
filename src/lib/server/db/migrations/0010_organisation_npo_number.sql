-- The Department of Social Development's NPO registration number of an organisation
-- ("123-456 NPO"), shown to its managers and to staff reviewing it. Optional; stored in the
-- canonical form the organisation schema gives (src/lib/schemas/organisation.ts).
ALTER TABLE "organisations" ADD COLUMN "npo_number" text;
