import type { ReactElement } from 'react';

/** A card's title (a campaign's, an organisation's): its name, written by its owner, linking to its page. */
export function CardTitle({
  level,
  href,
  name,
}: {
  /** The heading level in the page outline. */
  level: 2 | 3;
  href: string;
  name: string;
}): ReactElement {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading className="text-lg font-bold leading-snug">
      <a href={href} className="text-ink hover:text-brand hover:underline" data-user-content>
        {name}
      </a>
    </Heading>
  );
}
