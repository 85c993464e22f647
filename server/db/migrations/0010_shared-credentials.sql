CREATE TABLE "shared_credentials" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text,
	"expires_at" timestamp with time zone,
	"lock_lease" text,
	"locked_until" timestamp with time zone
);
