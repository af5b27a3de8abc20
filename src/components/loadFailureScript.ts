import { createHash } from 'node:crypto';
import type { CspHash } from 'astro';
import {
  LOAD_FAILURE_EVENT,
  LOAD_FAILURE_HANDLED_EVENT,
  MAX_AUTO_RELOADS,
  RELOAD_ATTEMPTS_KEY_PREFIX,
} from '~/lib/loadFailure';

/** How long the "Attempting to refresh" message shows before the reload. */
const RELOAD_DELAY_MS = 1500;
/** A page that got this far after loading without a failure has loaded: the next failure counts afresh. */
const SETTLED_AFTER_MS = 10_000;

/**
 * SPEC §8's reload flow for a module or stylesheet that fails to load, as an inline script at the top
 * of <head>. A stylesheet fails while the parser is still in the head, before any module script runs, so
 * the listener must exist before the first <link rel=stylesheet>; and it needs no file of its own, so it
 * works when the failure is the new deployment's missing files. It reloads up to MAX_AUTO_RELOADS times
 * per kind (counted in sessionStorage; when it cannot count, it never reloads by itself), then asks for a click.
 * The messages are LoadFailureGuard.astro's, in the page's language, in the overlay's data-* attributes.
 * Other failures (a dynamic import, an island's chunk) reach it as LOAD_FAILURE_EVENT; once it has
 * handled one it says so with LOAD_FAILURE_HANDLED_EVENT, which LoadFailureGuard reports.
 */
export const LOAD_FAILURE_SCRIPT = `(function(){var w=window,d=document,done=null,max=${JSON.stringify(MAX_AUTO_RELOADS)};
function key(k){return ${JSON.stringify(RELOAD_ATTEMPTS_KEY_PREFIX)}+k}
function store(){try{return w.sessionStorage}catch(e){return null}}
function show(k,retry){var o=d.getElementById('load-failure');if(!o)return;var b=d.getElementById('load-failure-refresh');
d.getElementById('load-failure-message').textContent=o.getAttribute('data-'+k+(retry?'-retrying':'-gave-up'));
o.hidden=false;b.hidden=retry;b.addEventListener("click",function(){location.reload()});if(!retry)b.focus()}
function fail(k,error){if(done)return;done={kind:k,error:error};var s=store(),n=s?Number(s.getItem(key(k)))||0:1/0,retry=false;
if(n<max[k]){try{s.setItem(key(k),String(n+1));retry=true}catch(e){}}
if(retry)setTimeout(function(){location.reload()},${RELOAD_DELAY_MS});
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',function(){show(k,retry)});else show(k,retry);
w.__letsemaLoadFailure=done;w.dispatchEvent(new CustomEvent(${JSON.stringify(LOAD_FAILURE_HANDLED_EVENT)},{detail:done}))}
w.addEventListener('error',function(e){var t=e.target;
if(t instanceof HTMLLinkElement&&t.rel==='stylesheet')fail('stylesheet',new Error('Stylesheet failed to load: '+t.href));
else if(t instanceof HTMLScriptElement&&t.type==='module')fail('module',new Error('Module script failed to load: '+t.src))},true);
w.addEventListener(${JSON.stringify(LOAD_FAILURE_EVENT)},function(e){var x=e.detail||{};fail(x.kind==='stylesheet'?'stylesheet':'module',x.error)});
w.addEventListener('load',function(){setTimeout(function(){var s=store();if(done||!s)return;for(var k in max)s.removeItem(key(k))},${SETTLED_AFTER_MS})})})();`;

/**
 * The CSP allows inline scripts only by hash. BaseLayout adds this one before its first await:
 * with streaming, the CSP header leaves once the page starts rendering.
 */
export const LOAD_FAILURE_SCRIPT_HASH: CspHash = `sha256-${createHash('sha256').update(LOAD_FAILURE_SCRIPT).digest('base64')}`;
