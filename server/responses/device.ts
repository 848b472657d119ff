export interface DeviceFlags {
  is_desktop: boolean;
  is_mobile: boolean;
  is_tablet: boolean;
}

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;

/** Coarse device class from a User-Agent; used only when the client does not say. Tablets are checked first. */
export function deviceFromUserAgent(userAgent: string | null): DeviceFlags {
  const ua = userAgent ?? '';
  const is_tablet = TABLET.test(ua);
  const is_mobile = !is_tablet && MOBILE.test(ua);
  return { is_desktop: !is_tablet && !is_mobile, is_mobile, is_tablet };
}
