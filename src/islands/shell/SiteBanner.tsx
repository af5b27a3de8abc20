import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useLayoutEffect, useRef } from 'react';
import { $hiddenBannerId, type BannerMessage, hideBanner, isBannerShown } from '~/stores/banner';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { CloseIcon, WarningIcon } from './icons';
import { useHydrated } from './useHydrated';

// BaseLayout puts `has-banner` on <html> when the server renders a visible banner;
// --banner-height (70 px until measured) feeds --content-offset in global.css.
const HAS_BANNER_CLASS = 'has-banner';
const HEIGHT_PROPERTY = '--banner-height';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function SiteBannerContent({ banner }: { banner: BannerMessage }): ReactElement | null {
  const hydrated = useHydrated();
  const hiddenId = useStore($hiddenBannerId);
  const box = useRef<HTMLElement>(null);
  // The server does not know what this visitor closed: show by default, hide after hydration.
  const shown = hydrated ? isBannerShown(banner, hiddenId) : banner.isVisible;

  useIsomorphicLayoutEffect(() => {
    const root = document.documentElement;
    if (!shown || !box.current) {
      root.classList.remove(HAS_BANNER_CLASS);
      root.style.removeProperty(HEIGHT_PROPERTY);
      return;
    }
    root.classList.add(HAS_BANNER_CLASS);
    const element = box.current;
    // Set through the CSSOM, which the Content-Security-Policy allows (style attributes in markup it does not).
    const measure = (): void => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!shown) return null;
  return (
    <aside
      ref={box}
      aria-label="Announcement"
      className="site-banner sticky top-[50px] z-40 border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3">
        <WarningIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <div
          className="banner-message min-w-0 flex-1 text-sm"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: administrator HTML, sanitised on the server (src/lib/server/platform/banner.ts)
          dangerouslySetInnerHTML={{ __html: banner.message }}
        />
        <button
          type="button"
          className="-my-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-md hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-800"
          aria-label="Close announcement"
          onClick={() => hideBanner(banner.id)}
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </div>
    </aside>
  );
}

/** The administrator's closable warning banner under the navbar (SPEC §2). */
export default function SiteBanner({ banner }: { banner: BannerMessage }): ReactElement {
  return (
    <IslandErrorBoundary>
      <SiteBannerContent banner={banner} />
    </IslandErrorBoundary>
  );
}
