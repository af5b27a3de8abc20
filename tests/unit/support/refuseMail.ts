import { sql } from 'drizzle-orm';
import type { Db } from '~/lib/server/db/types';

/**
 * Runs `work` while the database refuses every mail queued (a trigger raises on insert into
 * mail_queue): what a service does when its mail cannot be queued, on the in-memory database.
 */
export async function whileMailIsRefused<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`create or replace function refuse_mail() returns trigger language plpgsql as
    $$ begin raise exception 'the mail queue refuses mail (a test)'; end $$`);
  await db.execute(sql`create trigger refuse_mail before insert on mail_queue
    for each row execute function refuse_mail()`);
  try {
    return await work();
  } finally {
    await db.execute(sql`drop trigger refuse_mail on mail_queue`);
  }
}
