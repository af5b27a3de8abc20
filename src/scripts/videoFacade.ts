/**
 * Click-to-load videos (markup: src/islands/campaign/VideoFacade.tsx rendered as HTML): the
 * button becomes the provider's player, which then takes focus. No framework: the button
 * carries the player's address and title.
 */
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-embed-url]');
  if (!button) return;
  const frame = document.createElement('iframe');
  frame.src = button.dataset.embedUrl ?? '';
  frame.title = button.dataset.playerTitle ?? '';
  frame.className = 'aspect-video w-full rounded-lg border-0 bg-black';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  button.replaceWith(frame);
  frame.focus();
});
