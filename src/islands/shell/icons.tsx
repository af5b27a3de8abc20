import type { ReactElement } from 'react';

interface IconProps {
  className?: string;
}

/** Decorative 24×24 stroke icons; the control that holds one carries the accessible name. */
function StrokeIcon({
  className,
  children,
}: IconProps & { children: ReactElement | ReactElement[] }): ReactElement {
  return (
    <svg
      width="20"
      height="20"
      className={className ?? 'h-5 w-5'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps): ReactElement => (
  <StrokeIcon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </StrokeIcon>
);

export const CloseIcon = (props: IconProps): ReactElement => (
  <StrokeIcon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </StrokeIcon>
);

export const UserIcon = (props: IconProps): ReactElement => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </StrokeIcon>
);

export const ChevronDownIcon = (props: IconProps): ReactElement => (
  <StrokeIcon {...props}>
    <path d="M6 9l6 6 6-6" />
  </StrokeIcon>
);

export const WarningIcon = (props: IconProps): ReactElement => (
  <StrokeIcon {...props}>
    <path d="M12 3l10 18H2L12 3z" />
    <path d="M12 10v4M12 17.5v.01" />
  </StrokeIcon>
);
