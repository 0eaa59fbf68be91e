-- Offer mails recorded before their links became secret: the copy admins read shows the buyer's link
-- with its token hidden, like the mails recorded since (the delivered copy is left as it was).
UPDATE "outbox_emails"
SET "html" = regexp_replace("html", '(/app/offer/)[A-Za-z0-9_.-]+', '\1[hidden]', 'g'),
    "text" = regexp_replace("text", '(/app/offer/)[A-Za-z0-9_.-]+', '\1[hidden]', 'g')
WHERE "template" IN ('offer-requested', 'offer-rejected', 'offer-accepted');
