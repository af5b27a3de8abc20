import { describe, expect, it } from 'vitest';
import { htmlToText, shareLinksFor, shareMessage, textExcerpt } from '~/lib/share';
import { shareTargetsFor } from '~/lib/shareTargets';

describe('share links', () => {
  const links = shareLinksFor('https://letsema.org.za/campaign/help-lwazi', 'Help Lwazi walk again & run');

  it('sends WhatsApp one message: the words, then the address marked as shared on WhatsApp', () => {
    expect(links.whatsapp).toBe(
      'https://wa.me/?text=Please%20support%20Help%20Lwazi%20walk%20again%20%26%20run%3A%20https%3A%2F%2Fletsema.org.za%2Fcampaign%2Fhelp-lwazi%3Fref%3Dwhatsapp',
    );
  });
  it('marks the address each channel shares with its own ?ref=', () => {
    const shared = (link: string, param: string) => new URL(link).searchParams.get(param) ?? '';
    expect(new URL(shared(links.facebook, 'u')).searchParams.get('ref')).toBe('facebook');
    expect(new URL(shared(links.x, 'url')).searchParams.get('ref')).toBe('x');
    expect(decodeURIComponent(links.email.split('&body=')[1] ?? '')).toMatch(/help-lwazi\?ref=email$/);
  });
  it("speaks in the donor's words on /thanks, in every channel", () => {
    const url = 'https://letsema.org.za/campaign/help-lwazi';
    expect(shareMessage('Help Lwazi', url, 'donor')).toBe(
      'I just gave to Help Lwazi. Please join me: https://letsema.org.za/campaign/help-lwazi',
    );
    const donor = shareLinksFor(url, 'Help Lwazi', 'donor');
    expect(new URL(donor.whatsapp).searchParams.get('text')).toBe(
      shareMessage('Help Lwazi', `${url}?ref=whatsapp`, 'donor'),
    );
    expect(new URL(donor.x).searchParams.get('text')).toBe('I just gave to Help Lwazi. Please join me:');
    expect(decodeURIComponent(donor.email.split('&body=')[1] ?? '')).toBe(
      shareMessage('Help Lwazi', `${url}?ref=email`, 'donor'),
    );
  });
  it('puts WhatsApp first', () => {
    expect(shareTargetsFor('https://letsema.org.za/x', 'X').map((t) => t.name)).toEqual([
      'WhatsApp',
      'Facebook',
      'X',
      'Email',
    ]);
  });
  it("gives Facebook's sharer the address and X's intent the title and address", () => {
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fletsema.org.za%2Fcampaign%2Fhelp-lwazi%3Fref%3Dfacebook',
    );
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('text')).toBe('Please support Help Lwazi walk again & run:');
    expect(x.searchParams.get('url')).toBe('https://letsema.org.za/campaign/help-lwazi?ref=x');
  });
  it('writes an email with the title as subject and the address in the body', () => {
    expect(links.email.startsWith('mailto:?subject=Help%20Lwazi%20walk%20again%20%26%20run&body=')).toBe(
      true,
    );
    const body = decodeURIComponent(links.email.split('&body=')[1] ?? '');
    expect(body).toContain('https://letsema.org.za/campaign/help-lwazi');
  });
});

describe('text of a story', () => {
  it('drops tags, keeps words of neighbouring blocks apart and decodes entities', () => {
    expect(
      htmlToText('<p>Lwazi&rsquo;s <strong>surgery</strong></p><p>R&nbsp;350&#160;000 &amp; rehab</p>'),
    ).toBe('Lwazi’s surgery R 350 000 & rehab');
    expect(htmlToText('<ul><li>one</li><li>two</li></ul>line<br>break')).toBe('one two line break');
  });
  it('leaves unknown entities as written', () => {
    expect(htmlToText('a &bogus; b')).toBe('a &bogus; b');
  });
});

describe('excerpt', () => {
  it('is the whole text when short enough', () => {
    expect(textExcerpt('<p>Short story.</p>', 200)).toBe('Short story.');
  });
  it('cuts at a word and adds an ellipsis, within the limit', () => {
    const story = `<p>${'word '.repeat(60)}</p>`;
    const excerpt = textExcerpt(story, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
  it('cuts a very long word mid-word rather than returning nothing', () => {
    const excerpt = textExcerpt('a'.repeat(300), 20);
    expect(excerpt).toBe(`${'a'.repeat(19)}…`);
  });
});

describe('referral channels', () => {
  it('are named in the message the donation calls answer, and checked on the server', async () => {
    const { REFERRAL_CHANNELS, REFERRAL_CHANNEL_MESSAGE, isReferralChannel, referralChannelOf } =
      await import('~/lib/referralChannels');
    expect(REFERRAL_CHANNEL_MESSAGE).toBe(
      'Referral channel must be one of: whatsapp, facebook, x, email, qr, widget, snapscan, direct, unknown.',
    );
    expect(REFERRAL_CHANNELS.every(isReferralChannel)).toBe(true);
    expect(isReferralChannel('carrier-pigeon')).toBe(false);
    // A link names where it was shared; direct and unknown are what we say without one.
    expect(referralChannelOf(' WhatsApp ')).toBe('whatsapp');
    expect(referralChannelOf('direct')).toBeUndefined();
    expect(referralChannelOf(null)).toBeUndefined();
  });
});
