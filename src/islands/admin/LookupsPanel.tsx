import { type ReactElement, useState } from 'react';
import { CloseReasonsEditor } from './CloseReasonsEditor';
import { EventsEditor } from './EventsEditor';

/** The lookups staff change: events and close reasons. One form is open at a time, so field ids stay unique. */
export default function LookupsPanel(): ReactElement {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="space-y-10">
      <EventsEditor open={open} onOpen={setOpen} />
      <CloseReasonsEditor open={open} onOpen={setOpen} />
    </div>
  );
}
