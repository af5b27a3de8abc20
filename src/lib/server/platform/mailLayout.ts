import { m } from '~/lib/i18n';
import { baseLocale, LANGUAGES } from '~/lib/i18n/languages';
import { currentLocale, withLocale } from '~/lib/server/i18n/locale';
import { env } from './env';

export const SITE_NAME = 'Letsema';
export const COMPANY_LINE =
  'Letsema is operated by Letsema Crowdfunding (Pty) Ltd, a registered South African company.';

const BRAND = '#0b6e4f';
const INK = '#1f2933';
const MUTED = '#52606d';

/** What a transactional mail says; every value is plain text and is escaped here. */
export interface EmailContent {
  /** The line mail clients show beside the subject. */
  preview: string;
  firstName: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; link: string };
  /** Optional label/value rows after the intro (a receipt's amounts, a summary's donations). */
  details?: EmailDetail[];
  /** Paragraphs after the button: how long the link lasts, what to do if unexpected. */
  outro: string[];
  /** A way to stop mail of this kind (a campaign's thank-you messages), in small print after the sign-off. */
  unsubscribe?: { label: string; link: string };
  /**
   * The body speaks the current language (a donor's mail composed in `withLocale`, issue 27): the
   * greeting, sign-off and footer follow it. Without it they stay English, so a mail whose body is
   * still English never gets a greeting in another language.
   */
  localized?: boolean;
}

export interface EmailDetail {
  label: string;
  value: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) made safe to place inside HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function greetingOf(firstName: string): string {
  const name = firstName.trim();
  return name ? m.mail_greeting_name({ name }) : m.mail_greeting();
}

/** The company line in the current language (`COMPANY_LINE` is its English). */
export function companyLine(): string {
  return m.mail_company_line({ site: SITE_NAME });
}

/** A link to this site inside a sentence: up to a space, less the punctuation that ends the sentence. */
const SITE_LINK = /https?:\/\/\S+?(?=[.,;:!?)]*(?:\s|$))/g;

/**
 * A paragraph's text escaped, with each link to this site (PUBLIC_URL) made a real link: a donor
 * taps "your donation's page" rather than copying an address. Addresses that others wrote (a
 * campaign's thank-you message) stay text.
 */
export function linkedText(text: string): string {
  let html = '';
  let from = 0;
  for (const found of text.matchAll(SITE_LINK)) {
    const link = found[0];
    if (!isSiteLink(link)) continue;
    const href = escapeHtml(link);
    html += `${escapeHtml(text.slice(from, found.index))}<a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a>`;
    from = found.index + link.length;
  }
  return html + escapeHtml(text.slice(from));
}

const isSiteLink = (link: string): boolean => link === env.publicUrl || link.startsWith(`${env.publicUrl}/`);

const paragraph = (text: string): string =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${linkedText(text)}</p>`;

function button({ label, link }: EmailContent['action']): string {
  const href = escapeHtml(link);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background:${BRAND};">
<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${MUTED};">${escapeHtml(m.mail_button_fallback())}<br><a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`;
}

function detailsHtml(details: EmailDetail[] | undefined): string {
  if (!details?.length) return '';
  const rows = details
    .map(
      ({ label, value }) =>
        `<tr><td style="padding:6px 12px 6px 0;font-size:15px;line-height:22px;color:${MUTED};vertical-align:top;">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:15px;line-height:22px;color:${INK};vertical-align:top;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `\n<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-top:1px solid #e4e7eb;border-bottom:1px solid #e4e7eb;">\n${rows}\n</table>`;
}

const detailsText = (details: EmailDetail[] | undefined): string[] =>
  details?.length ? [details.map(({ label, value }) => `${label}: ${value}`).join('\n')] : [];

function unsubscribeHtml(unsubscribe: EmailContent['unsubscribe']): string {
  if (!unsubscribe) return '';
  const href = escapeHtml(unsubscribe.link);
  return `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:${MUTED};"><a href="${href}" style="color:${BRAND};">${escapeHtml(unsubscribe.label)}</a></p>\n`;
}

/** Stands for the support address in the footer's sentence until the link replaces it. */
const SUPPORT_SLOT = '\u0000support\u0000';

function footerHtml(): string {
  const support = escapeHtml(env.supportEmail);
  const link = `<a href="mailto:${support}" style="color:${BRAND};">${support}</a>`;
  const questions = m
    .mail_footer_questions({ email: SUPPORT_SLOT })
    .split(SUPPORT_SLOT)
    .map(escapeHtml)
    .join(link);
  return `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:${MUTED};">${questions}</p>
<p style="margin:0;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(companyLine())}</p>`;
}

/**
 * The mail in both forms: HTML for mail clients (tables and inline styles) and plain text with the
 * raw link. Its own words (greeting, sign-off, footer) are English unless `content.localized`.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  return withLocale(content.localized ? currentLocale() : baseLocale, () => renderInLocale(content));
}

function renderInLocale(content: EmailContent): RenderedEmail {
  const greeting = greetingOf(content.firstName);
  const signOff = `${escapeHtml(m.mail_sign_off())}<br>${escapeHtml(m.mail_sign_off_team({ site: SITE_NAME }))}`;
  const html = `<!doctype html>
<html lang="${LANGUAGES[currentLocale()].htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(SITE_NAME)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f5;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f6f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;">
<tr><td style="padding:24px 32px;border-bottom:4px solid ${BRAND};font-size:24px;font-weight:bold;color:${BRAND};">${escapeHtml(SITE_NAME)}</td></tr>
<tr><td style="padding:32px 32px 8px;">
${paragraph(greeting)}
${content.intro.map(paragraph).join('\n')}${detailsHtml(content.details)}
${button(content.action)}
${content.outro.map(paragraph).join('\n')}
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${signOff}</p>
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e7eb;">
${unsubscribeHtml(content.unsubscribe)}${footerHtml()}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    greeting,
    ...content.intro,
    ...detailsText(content.details),
    `${content.action.label}: ${content.action.link}`,
    ...content.outro,
    `${m.mail_sign_off()}\n${m.mail_sign_off_team({ site: SITE_NAME })}`,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.link}`] : []),
    `--\n${m.mail_footer_questions({ email: env.supportEmail })}\n${companyLine()}`,
  ].join('\n\n');
  return { html, text: `${text}\n` };
}
