-- SMS codes and remembered-phone tickets keep only a blind index of the phone, which needs the
-- data key: the pending ones (minutes and a day long) end here; those users log in by SMS again.
DELETE FROM "sms_codes";--> statement-breakpoint
DELETE FROM "login_tickets";--> statement-breakpoint
DROP INDEX "follow_up_phones_user_phone_key";--> statement-breakpoint
DROP INDEX "sms_codes_phone_sent_idx";--> statement-breakpoint
DROP INDEX "users_channel_phone_key";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vehicle" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "follow_up_phones" ADD COLUMN "phone_index" text;--> statement-breakpoint
ALTER TABLE "login_tickets" ADD COLUMN "phone_index" text NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "phone_index" text;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "handover_code_hash" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "phone_index" text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_index" text;--> statement-breakpoint
-- Files uploaded before this migration are plaintext (false); the default for new uploads is true.
ALTER TABLE "uploads" ADD COLUMN "stored_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "stored_encrypted" SET DEFAULT true;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_phones_user_phone_index_key" ON "follow_up_phones" USING btree ("user_id","phone_index");--> statement-breakpoint
CREATE INDEX "offline_orders_phone_index_idx" ON "offline_orders" USING btree ("phone_index");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_submitted_per_plate_key" ON "orders" USING btree ("plate_number") WHERE "orders"."submitted_at" is not null and coalesce("orders"."cancel_state", 0) <> 2 and coalesce("orders"."obu_activation_state", 0) <> 2;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_index_sent_idx" ON "sms_codes" USING btree ("phone_index","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_phone_index_key" ON "users" USING btree ("channel","phone_index") WHERE "users"."phone_index" is not null;--> statement-breakpoint
ALTER TABLE "login_tickets" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "sms_codes" DROP COLUMN "phone";