import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import type { AdminMail } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { $mailQueue, loadMailQueue, resendMail } from '~/stores/adminMail';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** One queued mail: to whom, what, how often it was tried and why it failed. */
function MailCard({ mail, action }: { mail: AdminMail; action?: ReactElement }): ReactElement {
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 text-sm" aria-label={mail.subject}>
      <p className="font-semibold break-words">{mail.subject}</p>
      <p className="break-all text-ink-muted">{mail.recipient}</p>
      <p className="mt-1">
        {plural(mail.attempts, 'attempt', 'attempts')} · queued {formatSastDateTime(mail.createdAt)}
        {mail.nextAttemptAt ? ` · next try ${formatSastDateTime(mail.nextAttemptAt)}` : ''}
      </p>
      {mail.lastError ? (
        <p className="mt-1 break-words">
          <span className="font-semibold">Last error:</span> {mail.lastError}
        </p>
      ) : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </li>
  );
}

function ResendButton({ id }: { id: string }): ReactElement {
  const [busy, setBusy] = useState(false);
  const resend = async (): Promise<void> => {
    setBusy(true);
    await resendMail(id);
    setBusy(false);
  };
  return (
    <button type="button" className="btn-primary" disabled={busy} onClick={() => void resend()}>
      {busy ? 'Queuing…' : 'Resend'}
    </button>
  );
}

/**
 * The mail queue: how much waits (an SMTP outage shows here first), the dead letters (out of
 * attempts) with a Resend button each, and the oldest waiting mail.
 */
export default function MailPanel(): ReactElement {
  const queue = useStore($mailQueue);
  useEffect(() => {
    void loadMailQueue();
  }, []);
  if (!queue) return <SessionPending label="Loading the mail queue…" />;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-semibold" aria-live="polite">
          {plural(queue.waiting, 'mail waits', 'mails wait')} to be sent ·{' '}
          {plural(queue.dead, 'dead letter', 'dead letters')}
        </p>
        <button type="button" className="btn-outline" onClick={() => void loadMailQueue()}>
          Refresh
        </button>
      </div>
      <section aria-labelledby="dead-letters-title">
        <h2 id="dead-letters-title" className="text-xl font-bold text-ink">
          Dead letters
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Mail that failed every attempt. Resend puts it back in the queue with its attempts at 0.
        </p>
        {queue.deadLetters.length === 0 ? (
          <p className="mt-3 text-sm">No dead letters.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {queue.deadLetters.map((mail) => (
              <MailCard key={mail.id} mail={mail} action={<ResendButton id={mail.id} />} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="waiting-mail-title">
        <h2 id="waiting-mail-title" className="text-xl font-bold text-ink">
          Waiting
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Mail not sent yet, oldest first. A mail that failed is tried again later, waiting longer each time.
        </p>
        {queue.waitingMail.length === 0 ? (
          <p className="mt-3 text-sm">Nothing is waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {queue.waitingMail.map((mail) => (
              <MailCard key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
