// @unocss-include: UnoCSS scans only markup files by default; this comment makes it read these classes too.

/**
 * A CSS-only tooltip: the tip is a sibling of its trigger inside a `group`
 * element and shows on hover and while the trigger has keyboard focus, so it
 * works before (and without) any JavaScript.
 */
export const TOOLTIP_CLASS =
  'pointer-events-none invisible absolute z-20 rounded-md bg-ink px-3 py-2 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100';

/** Typography for the sanitised HTML of a story or an update (p, h2, h3, lists, quotes, links). */
export const RICH_TEXT_CLASS = [
  'text-ink leading-relaxed break-words',
  '[&_p]:my-3 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-light [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_b]:font-semibold',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
].join(' ');
