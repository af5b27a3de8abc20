import { createHash } from 'node:crypto';
import type { CspHash } from 'astro';
import { HIDDEN_BANNER_KEY } from '~/lib/bannerHiding';

/**
 * The banner's inline script (SiteBanner.astro): it runs as the parser reaches it, before the
 * first paint, so a banner this visitor closed never shows and never shifts the page. It hides
 * the banner the visitor closed, keeps --banner-height (global.css) measured, and closes on click.
 * The key and value are @nanostores/persistent's for $hiddenBannerId (src/lib/bannerHiding.ts).
 */
export const SITE_BANNER_SCRIPT = `(function(){var b=document.currentScript.previousElementSibling,r=document.documentElement,k=${JSON.stringify(HIDDEN_BANNER_KEY)};
function hide(){b.remove();r.classList.remove('has-banner');r.style.removeProperty('--banner-height')}
try{if(localStorage.getItem(k)===b.dataset.bannerId){hide();return}}catch(e){}
var m=function(){r.style.setProperty('--banner-height',b.offsetHeight+'px')};m();
if(window.ResizeObserver)new ResizeObserver(m).observe(b);
b.querySelector('button').addEventListener('click',function(){try{localStorage.setItem(k,b.dataset.bannerId)}catch(e){}hide()})})();`;

/**
 * The CSP allows inline scripts only by hash. BaseLayout adds this one before its first await:
 * with streaming, the CSP header leaves once the page starts rendering, before the banner does.
 */
export const SITE_BANNER_SCRIPT_HASH: CspHash = `sha256-${createHash('sha256').update(SITE_BANNER_SCRIPT).digest('base64')}`;
