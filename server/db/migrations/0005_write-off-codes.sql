CREATE TABLE "voucher_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"promotion_channel_id" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claim_id" text,
	"claimed_user_id" integer,
	"claimed_order_id" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_codes_claim_id_unique" UNIQUE("claim_id"),
	CONSTRAINT "voucher_codes_discount_check" CHECK ("voucher_codes"."discount_cents" > 0),
	CONSTRAINT "voucher_codes_claim_check" CHECK (("voucher_codes"."claim_id" is null) = ("voucher_codes"."claimed_order_id" is null) and ("voucher_codes"."claimed_user_id" is null) = ("voucher_codes"."claimed_order_id" is null) and ("voucher_codes"."claimed_order_id" is null or "voucher_codes"."claimed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_claimed_user_id_users_id_fk" FOREIGN KEY ("claimed_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_claimed_order_id_orders_order_id_fk" FOREIGN KEY ("claimed_order_id") REFERENCES "orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_one_per_order_key" ON "voucher_codes" USING btree ("claimed_order_id") WHERE "voucher_codes"."claimed_order_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_codes_promotion_idx" ON "voucher_codes" USING btree ("promotion_channel_id");--> statement-breakpoint
-- The per-user voucher (one code-less voucher per user and source channel) is no longer part of the
-- product: it never changed what anyone paid, and nothing references its rows. Write-off codes
-- replace it.
DROP TABLE "vouchers" CASCADE;