import type { ReactElement, ReactNode } from 'react';

interface Props {
  /** The width and height attributes: the icon keeps its size before (or without) the stylesheet. */
  size?: number;
  className?: string;
  strokeWidth?: number;
  /** Square line ends and corners, as the picture outlines are drawn; round otherwise. */
  square?: boolean;
  /** Fill the shapes with the text colour instead of outlining them. */
  filled?: boolean;
  children: ReactNode;
}

/**
 * A decorative 24×24 icon in the text colour, hidden from assistive tech:
 * the control or element that holds it carries the accessible name.
 */
export function Icon({
  size = 20,
  className = 'h-5 w-5',
  strokeWidth = 2,
  square = false,
  filled = false,
  children,
}: Props): ReactElement {
  const outline = filled
    ? { fill: 'currentColor' }
    : {
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        ...(square ? {} : { strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const }),
      };
  return (
    <svg
      width={size}
      height={size}
      className={className}
      viewBox="0 0 24 24"
      {...outline}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
