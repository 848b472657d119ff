import type { VideoProvider, WidgetSettings } from '@/lib/survey-format/widget';

/** Ids of both providers are short tokens; this keeps anything else out of the embed URL. */
const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type VideoEmbed = {
  provider: VideoProvider;
  /** The provider's brand name, for the facade's texts. */
  providerName: string;
  /** Embed URL on the provider's privacy-friendly host, starting playback (the respondent just pressed play). */
  src: string;
};

/** The embed of a video_block, or null when the provider or id is missing or not valid. */
export function videoEmbedOf(settings: WidgetSettings): VideoEmbed | null {
  const { provider, video_id: videoId } = settings;
  if (!provider || !videoId || !VIDEO_ID.test(videoId)) return null;
  switch (provider) {
    case 'youtube':
      return {
        provider,
        providerName: 'YouTube',
        src: `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`,
      };
    case 'vimeo':
      return { provider, providerName: 'Vimeo', src: `https://player.vimeo.com/video/${videoId}?dnt=1&autoplay=1` };
  }
}
