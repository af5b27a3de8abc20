import type { ReactElement, ReactNode } from 'react';

interface Props {
  /** The heading's id is `${id}-title`. */
  id: string;
  title: string;
  /** What the section is for, under its heading. */
  text: ReactNode;
  children: ReactNode;
}

/** A titled part of a form step (images, a logo, videos), named by its heading. */
export function FormSection({ id, title, text, children }: Props): ReactElement {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-ink">
          {title}
        </h3>
        <p className="text-sm text-ink-muted">{text}</p>
      </div>
      {children}
    </section>
  );
}
