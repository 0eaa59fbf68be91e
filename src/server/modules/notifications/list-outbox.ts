import { desc, eq, sql } from 'drizzle-orm';
import { OUTBOX_MAX_PAGE, OUTBOX_PAGE_SIZE, type OutboxPage } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { outboxEmails } from '#server/db/schema/index';

/**
 * One page of the store's mails, newest first, over outbox_emails_store_created_idx. Offset paging
 * is bounded (OUTBOX_MAX_PAGE pages), and so is the count behind pageCount, so a long history
 * never costs a scan.
 */
export async function listOutbox(ctx: AppContext, storeId: string, page: number): Promise<OutboxPage> {
  const limit = OUTBOX_MAX_PAGE * OUTBOX_PAGE_SIZE;
  const [rows, [{ count }]] = await Promise.all([
    // Named columns: the delivered copy (secrets included) never leaves the server.
    ctx.db
      .select({
        id: outboxEmails.id,
        template: outboxEmails.template,
        toAddress: outboxEmails.toAddress,
        fromAddress: outboxEmails.fromAddress,
        subject: outboxEmails.subject,
        html: outboxEmails.html,
        text: outboxEmails.text,
        transport: outboxEmails.transport,
        error: outboxEmails.error,
        createdAt: outboxEmails.createdAt,
      })
      .from(outboxEmails)
      .where(eq(outboxEmails.storeId, storeId))
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    ctx.db
      .execute(sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM outbox_emails WHERE store_id = ${storeId} LIMIT ${limit}) AS bounded`)
      .then((result) => (result as unknown as { rows: { count: number }[] }).rows),
  ]);
  return {
    emails: rows.map((row) => ({
      id: row.id,
      template: row.template,
      to: row.toAddress,
      from: row.fromAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      transport: row.transport,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageCount: Math.ceil(Number(count) / OUTBOX_PAGE_SIZE),
  };
}
