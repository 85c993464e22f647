CREATE TABLE "app_configs" (
	"key" text PRIMARY KEY NOT NULL,
	"switch_status" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apply_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sealed_payload" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodities" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_channel_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"commodity_price" integer NOT NULL,
	"original_commodity_price" integer DEFAULT 18000 NOT NULL,
	"biz_type" integer NOT NULL,
	"good_type_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"front_sort" integer,
	"marketing_data" jsonb,
	"is_exist_user" boolean DEFAULT false NOT NULL,
	"package_variant" integer NOT NULL,
	"issuer_id" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commodities_prices_check" CHECK ("commodities"."commodity_price" >= 0 and "commodities"."original_commodity_price" >= 0),
	CONSTRAINT "commodities_biz_type_check" CHECK ("commodities"."biz_type" in (0, 1)),
	CONSTRAINT "commodities_package_variant_check" CHECK ("commodities"."package_variant" in (202401, 202402, 202403))
);
--> statement-breakpoint
CREATE TABLE "issuers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mini_program_app_id" text
);
--> statement-breakpoint
CREATE TABLE "login_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "offline_orders" (
	"offline_no" text PRIMARY KEY NOT NULL,
	"plate_number" text NOT NULL,
	"plate_color" integer NOT NULL,
	"promotion_channel_id" text,
	"converted_order_id" text,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"channel_source" text NOT NULL,
	"source_channel" text NOT NULL,
	"activity_source" integer DEFAULT 0 NOT NULL,
	"plate_number" text NOT NULL,
	"plate_color" integer NOT NULL,
	"promotion_channel_id" text NOT NULL,
	"partner_id" text,
	"promoter_id" text,
	"order_source" integer DEFAULT 0 NOT NULL,
	"step_id" integer DEFAULT 1 NOT NULL,
	"commodity_id" text,
	"issuer_id" integer,
	"business_mode" integer,
	"amount_cents" integer,
	"deposit_pay_state" integer,
	"paid_at" timestamp with time zone,
	"audit_state" integer,
	"audit_reason" text,
	"supplier_audit_state" integer,
	"delivery_state" integer,
	"delivery_method" text,
	"consignee_name" text,
	"consignee_mobile" text,
	"region" text,
	"address" text,
	"vehicle" jsonb,
	"owner_name" text,
	"owner_id_number" text,
	"owner_mobile" text,
	"tracking_no" text,
	"obu_activation_state" integer,
	"cancel_state" integer,
	"cancel_reason" text,
	"certificates_commit_state" integer DEFAULT 0 NOT NULL,
	"stock_interception_flag" boolean DEFAULT false NOT NULL,
	"agreements_accepted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" is null or "orders"."delivery_method" in ('2', '3')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_cents" is null or "orders"."amount_cents" >= 0),
	CONSTRAINT "orders_order_source_check" CHECK ("orders"."order_source" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "partner_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_channel_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"partner_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" integer NOT NULL,
	"cashier_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in (3, 4, 5)),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plate_rules" (
	"plate_number" text PRIMARY KEY NOT NULL,
	"is_white_no" boolean DEFAULT false NOT NULL,
	"intercepted" boolean DEFAULT false NOT NULL,
	"intercept_reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoter_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promoter_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"login_account" text NOT NULL,
	"password_hash" text NOT NULL,
	"promotion_channel_id" text NOT NULL,
	"partner_id" text,
	"promoter_id" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_accounts_login_account_unique" UNIQUE("login_account")
);
--> statement-breakpoint
CREATE TABLE "promotion_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_key" text NOT NULL,
	"channel_id" text NOT NULL,
	"promotion_subject" text NOT NULL,
	"call_link" text DEFAULT '' NOT NULL,
	"business_mode" integer NOT NULL,
	"activity_type" integer DEFAULT 0 NOT NULL,
	"effective" boolean DEFAULT true NOT NULL,
	"intercepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_channels_business_mode_check" CHECK ("promotion_channels"."business_mode" in (0, 1)),
	CONSTRAINT "promotion_channels_activity_type_check" CHECK ("promotion_channels"."activity_type" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "registered_plates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registered_plates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plate_number" text NOT NULL,
	"plate_color" integer NOT NULL,
	"result_type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registered_plates_result_type_check" CHECK ("registered_plates"."result_type" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "seed_history" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"login_method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"uid" text DEFAULT '' NOT NULL,
	"trace_id" text DEFAULT '' NOT NULL,
	"device_info" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" text,
	"kind" text NOT NULL,
	"certificate_bit" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"channel" text NOT NULL,
	"phone" text,
	"nickname" text,
	"avatar" text,
	"ali_uid" text,
	"identity_provider" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_channel" text NOT NULL,
	"promotion_channel_id" text,
	"order_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apply_drafts" ADD CONSTRAINT "apply_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodities" ADD CONSTRAINT "commodities_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_tickets" ADD CONSTRAINT "login_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD CONSTRAINT "offline_orders_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD CONSTRAINT "offline_orders_converted_order_id_orders_order_id_fk" FOREIGN KEY ("converted_order_id") REFERENCES "orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commodity_id_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_channels" ADD CONSTRAINT "partner_channels_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_accounts" ADD CONSTRAINT "promoter_accounts_promotion_channel_id_promotion_channels_id_fk" FOREIGN KEY ("promotion_channel_id") REFERENCES "promotion_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commodities_channel_idx" ON "commodities" USING btree ("promotion_channel_id");--> statement-breakpoint
CREATE INDEX "login_tickets_user_idx" ON "login_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_plate_key" ON "orders" USING btree ("user_id","plate_number") WHERE coalesce("orders"."cancel_state", 0) <> 2 and coalesce("orders"."obu_activation_state", 0) <> 2;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_plate_idx" ON "orders" USING btree ("plate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_channels_channel_partner_key" ON "partner_channels" USING btree ("promotion_channel_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_order_key" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 5;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registered_plates_plate_key" ON "registered_plates" USING btree ("plate_number","plate_color");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_sent_idx" ON "sms_codes" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "tracking_events_received_idx" ON "tracking_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_order_idx" ON "uploads" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_phone_key" ON "users" USING btree ("channel","phone") WHERE "users"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_identity_key" ON "users" USING btree ("channel","identity_provider","external_id") WHERE "users"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_user_source_key" ON "vouchers" USING btree ("user_id","source_channel");