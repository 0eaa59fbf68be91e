ALTER TABLE "oauth_states" ADD COLUMN "purpose" text DEFAULT 'install' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_installations" ADD COLUMN "kind" text DEFAULT 'marketplace' NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "public_messages_subscribe_uq" ON "public_messages" USING btree ("store_id","email") WHERE kind = 'subscribe';