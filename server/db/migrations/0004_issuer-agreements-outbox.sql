CREATE TABLE "issuer_outbox" (
	"order_id" text PRIMARY KEY NOT NULL,
	"issuer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"receipt_no" text
);
--> statement-breakpoint
CREATE TABLE "order_issuer_agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_issuer_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"issuer_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuer_outbox" ADD CONSTRAINT "issuer_outbox_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_outbox" ADD CONSTRAINT "issuer_outbox_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_issuer_agreements" ADD CONSTRAINT "order_issuer_agreements_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_issuer_agreements" ADD CONSTRAINT "order_issuer_agreements_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_outbox_due_idx" ON "issuer_outbox" USING btree ("next_attempt_at") WHERE "issuer_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_issuer_agreements_order_issuer_key" ON "order_issuer_agreements" USING btree ("order_id","issuer_id");--> statement-breakpoint
-- Open orders submitted before the outbox: one pushed already counts as received by its issuer
-- (the push was the hand-over then); one not yet pushed is queued, so the delivery job sends it.
INSERT INTO "issuer_outbox" ("order_id", "issuer_id", "created_at", "next_attempt_at", "delivered_at")
SELECT "order_id", "issuer_id", "submitted_at", now(), "pushed_at" FROM "orders"
WHERE "submitted_at" IS NOT NULL AND "issuer_id" IS NOT NULL
  AND coalesce("cancel_state", 0) <> 2 AND coalesce("obu_activation_state", 0) <> 2;
--> statement-breakpoint
-- The timeline of an order pushed before says so, as a delivery from the outbox will.
INSERT INTO "order_events" ("order_id", "kind", "at")
SELECT "order_id", 'issuerReceived', "pushed_at" FROM "orders"
WHERE "pushed_at" IS NOT NULL AND "submitted_at" IS NOT NULL AND "issuer_id" IS NOT NULL
  AND coalesce("cancel_state", 0) <> 2 AND coalesce("obu_activation_state", 0) <> 2;
