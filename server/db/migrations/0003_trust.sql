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
-- The promoter login now identifies a channel, not a person: the open applications made under
-- that shared user belong to nobody who can still reach them, and would hold their plates for ever.
-- They are cancelled (photos then follow the retention rule) and their drafts dropped.
WITH "stranded" AS (
  UPDATE "orders" SET "cancel_state" = 2, "cancel_reason" = '渠道账号下的申请已停用，请验证手机号后重新办理', "updated_at" = now()
  WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "identity_provider" = 'promoter')
    AND coalesce("cancel_state", 0) <> 2 AND coalesce("obu_activation_state", 0) <> 2
  RETURNING "order_id"
)
INSERT INTO "order_events" ("order_id", "kind", "note", "at")
SELECT "order_id", 'cancelled', '渠道账号下的申请已停用，请验证手机号后重新办理', now() FROM "stranded";--> statement-breakpoint
DELETE FROM "apply_drafts" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "identity_provider" = 'promoter');--> statement-breakpoint
-- One submitted open order per plate from here on: where the old read-then-insert admission let
-- several through, the first submitted keeps the plate and the others are cancelled, saying why.
WITH "ranked" AS (
  SELECT "order_id", row_number() OVER (PARTITION BY "plate_number" ORDER BY "submitted_at", "created_at", "order_id") AS "rank"
  FROM "orders"
  WHERE "submitted_at" IS NOT NULL AND coalesce("cancel_state", 0) <> 2 AND coalesce("obu_activation_state", 0) <> 2
), "duplicates" AS (
  UPDATE "orders" SET "cancel_state" = 2, "cancel_reason" = '该车辆已有其他申请人先提交办理申请，本申请已取消，如有疑问请联系客服', "updated_at" = now()
  WHERE "order_id" IN (SELECT "order_id" FROM "ranked" WHERE "rank" > 1)
  RETURNING "order_id"
)
INSERT INTO "order_events" ("order_id", "kind", "note", "at")
SELECT "order_id", 'cancelled', '该车辆已有其他申请人先提交办理申请，本申请已取消，如有疑问请联系客服', now() FROM "duplicates";--> statement-breakpoint
-- A deposit or fee already paid on an order cancelled above is refunded, as a user's cancel would.
UPDATE "payments" SET "refunded_at" = now()
WHERE "state" = 5 AND "refunded_at" IS NULL AND "order_id" IN (
  SELECT "order_id" FROM "orders" WHERE "cancel_reason" IN ('渠道账号下的申请已停用，请验证手机号后重新办理', '该车辆已有其他申请人先提交办理申请，本申请已取消，如有疑问请联系客服')
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_submitted_per_plate_key" ON "orders" USING btree ("plate_number") WHERE "orders"."submitted_at" is not null and coalesce("orders"."cancel_state", 0) <> 2 and coalesce("orders"."obu_activation_state", 0) <> 2;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_index_sent_idx" ON "sms_codes" USING btree ("phone_index","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_phone_index_key" ON "users" USING btree ("channel","phone_index") WHERE "users"."phone_index" is not null;--> statement-breakpoint
ALTER TABLE "login_tickets" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "sms_codes" DROP COLUMN "phone";