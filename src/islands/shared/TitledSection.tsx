import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';

interface Props {
  /** The section's id stem: its heading is `{id}-title`, which names it. */
  id: string;
  title: string;
  className: string;
  titleClassName?: string;
  /** The heading's level: h2 for a part of a page, h3 for a part of a form or panel that has its own h2. */
  heading?: 'h2' | 'h3';
  /** Puts the keyboard on the heading once shown (a step that replaces what was there). */
  focus?: boolean;
  children: ReactNode;
}

/** A part of a page named by its own heading (an h2 unless said). */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = 'text-xl font-bold text-ink',
  heading: Heading = 'h2',
  focus = false,
  children,
}: Props): ReactElement {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <Heading
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={focus ? -1 : undefined}
        className={focus ? `${titleClassName} focus:outline-none` : titleClassName}
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
