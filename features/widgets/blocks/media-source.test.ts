import { describe, expect, it } from 'vitest';
import { videoEmbedOf } from './media-source';

describe('videoEmbedOf', () => {
  it('builds the privacy-friendly embed of each provider', () => {
    expect(videoEmbedOf({ provider: 'youtube', video_id: 'abc_DEF-123' })?.src).toBe(
      'https://www.youtube-nocookie.com/embed/abc_DEF-123?autoplay=1',
    );
    expect(videoEmbedOf({ provider: 'vimeo', video_id: '76979871' })?.src).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
  });

  it('needs a provider and a valid id', () => {
    expect(videoEmbedOf({ video_id: 'abc' })).toBeNull();
    expect(videoEmbedOf({ provider: 'youtube' })).toBeNull();
    expect(videoEmbedOf({ provider: 'youtube', video_id: 'a'.repeat(64) })).not.toBeNull();
    expect(videoEmbedOf({ provider: 'youtube', video_id: 'a'.repeat(65) })).toBeNull();
    expect(videoEmbedOf({ provider: 'youtube', video_id: 'a?b=1' })).toBeNull();
  });
});
