import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import { PageTabList, panelIdOf, tabIdOf } from '~/islands/shell/PageTabList';
import { $adminQueues, loadQueues, QUEUES, type QueueKind, queueTabLabel } from '~/stores/admin';
import { QueueItemCard } from './QueueItemCard';

/** The queues of waiting work, a tab each with its count; one item's action form is open at a time. */
export default function QueuesPanel(): ReactElement {
  const { queues, error } = useStore($adminQueues);
  const [kind, setKind] = useState<QueueKind>('campaignVerifications');
  const [openItem, setOpenItem] = useState<string | null>(null);

  useEffect(() => {
    void loadQueues();
  }, []);

  if (!queues) {
    if (error)
      return <LoadFailure message="We could not load the queues." onRetry={() => void loadQueues()} />;
    return <SessionPending label="Loading the queues…" />;
  }

  const tabs = QUEUES.map((q) => ({
    key: q.kind,
    label: queueTabLabel(q.label, queues[q.kind].paginationMetadata.totalCount),
  }));
  const page = queues[kind];
  const select = (next: QueueKind): void => {
    setKind(next);
    setOpenItem(null);
  };

  return (
    <div>
      <PageTabList label="Queues" idPrefix="queue" tabs={tabs} selected={kind} onSelect={select} />
      <div
        role="tabpanel"
        id={panelIdOf('queue', kind)}
        aria-labelledby={tabIdOf('queue', kind)}
        className="py-4"
      >
        {page.items.length === 0 ? (
          <p className="text-ink-muted">Nothing is waiting here.</p>
        ) : (
          <ul className="space-y-3">
            {page.items.map((item) => (
              <QueueItemCard
                key={item.id}
                kind={kind}
                item={item}
                open={openItem === item.id}
                onOpen={(open) => setOpenItem(open ? item.id : null)}
              />
            ))}
          </ul>
        )}
        {page.paginationMetadata.totalCount > page.items.length ? (
          <p className="mt-3 text-sm text-ink-muted">
            The oldest {page.items.length} of {page.paginationMetadata.totalCount} are shown.
          </p>
        ) : null}
      </div>
    </div>
  );
}
