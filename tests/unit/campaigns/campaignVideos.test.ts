import { describe, expect, it } from 'vitest';
import { embedUrlOf, normaliseVideoUrl, parseVideoUrl } from '~/lib/schemas/campaignVideos';
import { embedUrlsOf } from '~/lib/server/campaigns/videos';

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'youtube'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube'],
    ['youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube'],
  ])('%s is YouTube video dQw4w9WgXcQ', (link, provider) => {
    expect(parseVideoUrl(link)).toEqual({ provider, id: 'dQw4w9WgXcQ' });
    expect(normaliseVideoUrl(link)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(embedUrlOf(link)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it.each([
    'https://vimeo.com/76979871',
    'vimeo.com/76979871',
    'https://www.vimeo.com/76979871',
    'https://player.vimeo.com/video/76979871',
  ])('%s is Vimeo video 76979871', (link) => {
    expect(normaliseVideoUrl(link)).toBe('https://vimeo.com/76979871');
    expect(embedUrlOf(link)).toBe('https://player.vimeo.com/video/76979871');
  });

  it('keeps the privacy hash of an unlisted Vimeo video', () => {
    expect(normaliseVideoUrl('https://vimeo.com/76979871/a1b2c3d4e5')).toBe(
      'https://vimeo.com/76979871/a1b2c3d4e5',
    );
    expect(embedUrlOf('https://player.vimeo.com/video/76979871?h=a1b2c3d4e5')).toBe(
      'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5',
    );
  });

  it.each([
    '',
    'not a link',
    'javascript:alert(1)',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'https://www.dailymotion.com/video/x7tgad0',
    'ftp://vimeo.com/76979871',
  ])('refuses %j', (link) => {
    expect(parseVideoUrl(link)).toBeNull();
  });

  it('answers stored links as embeddable URLs and drops any that no longer parse', () => {
    expect(
      embedUrlsOf(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'junk', 'https://vimeo.com/1']),
    ).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://player.vimeo.com/video/1']);
  });
});
