ALTER TABLE "outbox_emails" ADD COLUMN "delivered_html" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "delivered_text" text;--> statement-breakpoint
-- Mails recorded before secrets were masked may still carry a live invite code (7 days): their bodies go.
UPDATE "outbox_emails" SET "html" = '<p>[hidden]</p>', "text" = '[hidden]' WHERE "template" IN ('auth-change-password', 'auth-invite', 'auth-verify');
