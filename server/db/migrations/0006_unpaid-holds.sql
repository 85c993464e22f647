ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."deposit_pay_state" in (2, 3, 4) and coalesce("orders"."cancel_state", 0) <> 2;--> statement-breakpoint
-- Orders submitted and still unpaid before holds had an end get the default hold (UNPAID_HOLD_MINUTES, 30) from their submission.
UPDATE "orders" SET "pay_by" = "submitted_at" + interval '30 minutes' WHERE "submitted_at" IS NOT NULL AND "deposit_pay_state" IN (2, 3, 4) AND coalesce("cancel_state", 0) <> 2 AND coalesce("obu_activation_state", 0) <> 2;
