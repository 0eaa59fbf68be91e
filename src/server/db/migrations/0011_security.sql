ALTER TABLE "outbox_emails" ADD COLUMN "delivered_html" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "delivered_text" text;--> statement-breakpoint
-- Mails recorded before secrets were masked may still carry a live invite code (7 days): their bodies go.
UPDATE "outbox_emails" SET "html" = '<p>[hidden]</p>', "text" = '[hidden]' WHERE "template" IN ('auth-change-password', 'auth-invite', 'auth-verify');
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
-- One waiting application per address and store: older duplicates already waiting are closed as rejected.
UPDATE "vendor_applications" AS a SET "status" = 'rejected', "decided_at" = now()
WHERE a."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "vendor_applications" AS b
  WHERE b."store_id" = a."store_id" AND b."email" = a."email" AND b."status" = 'pending' AND (b."created_at", b."id") > (a."created_at", a."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_applications_open_uq" ON "vendor_applications" USING btree ("store_id","email") WHERE status in ('unconfirmed', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_applications_confirm_uq" ON "vendor_applications" USING btree ("confirm_token_hash");