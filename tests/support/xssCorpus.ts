/**
 * Cross-site scripting payloads for the fields other people read. Each one, if it ever runs, sets
 * `window.__xss` to its number (`__xss=12`: an implicit global, so it works in a handler, a
 * javascript: URL or a script alike), so a test can tell that one ran and which. The numbers stay
 * short because some fields are short (a donor's display name is 29 characters).
 */
export interface XssPayload {
  id: number;
  /** What a user types into the field. */
  text: string;
  /** Fits a 29-character field (a donor's display name). */
  short?: boolean;
}

const m = (id: number): string => `__xss=${id}`;

const PAYLOADS: [string, boolean?][] = [
  // Script and event handlers on the elements that fire them without a click.
  [`<script>${m(1)}</script>`, true],
  [`<img src=x onerror=${m(2)}>`, true],
  [`<svg onload=${m(3)}>`, true],
  [`<body onload=${m(4)}>`, true],
  [`<details open ontoggle=${m(5)}>`],
  [`<input autofocus onfocus=${m(6)}>`],
  [`<video><source onerror=${m(7)}></video>`],
  [`<img src=x:x onerror=&#95;&#95;xss=8>`],
  // URLs that run when followed or loaded.
  [`<a href="javascript:${m(9)}">j9</a>`],
  [`<a href="&#106;avascript:${m(10)}">e10</a>`],
  [`<a href="jav&#x09;ascript:${m(11)}">t11</a>`],
  [`<a href=" javascript:${m(12)}">s12</a>`],
  [`<a href="data:text/html,<script>parent.${m(13)}</script>">d13</a>`],
  [`<img src="javascript:${m(14)}">`],
  [`<a href="vbscript:${m(15)}">v15</a>`],
  [`<iframe srcdoc="<script>parent.${m(16)}</script>"></iframe>`],
  [`<object data="javascript:${m(17)}"></object>`],
  [`<embed src="data:text/html,<script>parent.${m(18)}</script>">`],
  [`<meta http-equiv="refresh" content="0;url=javascript:${m(19)}">`],
  [`<form action="javascript:${m(20)}"><button>f20</button></form>`],
  // Breaking out of an attribute, an element whose text is raw, a comment.
  [`"><img src=x onerror=${m(21)}>`, true],
  [`'><img src=x onerror=${m(22)}>`, true],
  [`" onmouseover="${m(23)}" x="`],
  [`' autofocus onfocus='${m(24)}' x='`],
  [`</script><script>${m(25)}</script>`],
  [`</title><script>${m(26)}</script>`],
  [`</textarea><script>${m(27)}</script>`],
  [`</style><script>${m(28)}</script>`],
  [`--><img src=x onerror=${m(29)}>`, true],
  [`<scr<script>ipt>${m(30)}</scr</script>ipt>`],
  // Template and JSON-in-script breakouts (inline state, JSON-LD, island props).
  [`{{constructor.constructor('${m(31)}')()}}`],
  [`\${${m(32)}}`],
  [`"};${m(33)};//`],
  [`\\u003c/script\\u003e<script>${m(34)}</script>`],
  [`</script><script type="application/ld+json">{}</script><script>${m(35)}</script>`],
  // CSS that runs or loads script.
  [`<div style="background:url(javascript:${m(36)})">c36</div>`],
  [`<p style="width:expression(${m(37)})">c37</p>`],
  [`<style>@import 'javascript:${m(38)}';</style>`],
  // Mutation XSS: markup a sanitiser reads one way and the browser re-parses another.
  [`<noscript><p title="</noscript><img src=x onerror=${m(39)}>"></noscript>`],
  [`<math><mtext><table><mglyph><style><img src=x onerror=${m(40)}>`],
  [`<svg><style><img src=x onerror=${m(41)}></style></svg>`],
  [`<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${m(42)}>`],
  [`<svg></p><style><a id="</style><img src=1 onerror=${m(43)}>">`],
  [`<math><style><img src=x onerror=${m(44)}></style></math>`],
  [`<template><img src=x onerror=${m(45)}></template>`],
  // Encoded: must stay text, never be decoded into markup.
  [`&lt;img src=x onerror=${m(46)}&gt;`],
  [`%3Cimg%20src%3Dx%20onerror%3D${m(47)}%3E`],
  [`&#60;svg onload=${m(48)}&#62;`],
];

export const XSS_PAYLOADS: XssPayload[] = PAYLOADS.map(([text, short], index) => ({
  id: index + 1,
  text,
  ...(short ? { short } : {}),
}));

/**
 * Payloads joined into one text of at most `max` characters, starting at `from` (so fields of one
 * record carry different payloads), each after a visible `[n]` label.
 */
export function payloadText(max: number, from = 0, onlyShort = false): string {
  const pool = XSS_PAYLOADS.filter((p) => !onlyShort || p.short);
  let text = '';
  for (let i = 0; i < pool.length; i++) {
    const payload = pool[(from + i) % pool.length] as XssPayload;
    const next = `${text}${text ? ' ' : ''}${payload.text}`;
    if (next.length > max) break;
    text = next;
  }
  return text;
}

/** Every payload, each in a paragraph after a visible sentinel, for a rich-text (sanitised HTML) field. */
export function richTextCorpus(sentinel: string): string {
  return XSS_PAYLOADS.map((p) => `<p>${sentinel}-${p.id}</p>${p.text}`).join('\n');
}

/** Runs before any page script: records what a payload would trip (a marker, a dialog, a CSP report). */
export const XSS_PROBE = `
  window.__xssCsp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__xssCsp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
  });
`;
