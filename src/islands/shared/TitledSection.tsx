import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';

interface Props {
  /** The section's id stem: its heading is `{id}-title`, which names it. */
  id: string;
  title: string;
  className: string;
  titleClassName?: string;
  /** Puts the keyboard on the heading once shown (a step that replaces what was there). */
  focus?: boolean;
  children: ReactNode;
}

/** A part of a page named by its own h2. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = 'text-xl font-bold text-ink',
  focus = false,
  children,
}: Props): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2
        id={`${id}-title`}
        ref={heading}
        tabIndex={focus ? -1 : undefined}
        className={focus ? `${titleClassName} focus:outline-none` : titleClassName}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
