import SignaturePad, { type Options } from 'signature_pad';

/** Pen defaults of spec §9. */
export const SIGNATURE_PEN_DEFAULTS = {
  dotSize: 1.5,
  minWidth: 0.5,
  maxWidth: 2.5,
  throttle: 16,
  minDistance: 5,
  velocityFilterWeight: 0.7,
} as const satisfies Options;

/** The formats spec §4 lets a signature be saved as. */
export const SIGNATURE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type SignatureImageType = (typeof SIGNATURE_IMAGE_TYPES)[number];

/** Spec §4's exact failure text for any other format. */
export const IMAGE_TYPE_ERROR = 'Image type is incorrect!';

/** The part of `SignaturePad` the controller relies on, so tests can hand in a fake (jsdom has no canvas). */
export type SignaturePadLike = Pick<
  SignaturePad,
  'clear' | 'isEmpty' | 'toData' | 'fromData' | 'toDataURL' | 'on' | 'off' | 'addEventListener' | 'removeEventListener'
>;

export type SignaturePadControllerOptions = {
  /** Builds the pad; defaults to the real `signature_pad`. */
  createPad?: (canvas: HTMLCanvasElement, options: Options) => SignaturePadLike;
  /** Called after every change of the drawing: a finished stroke, an undo or a clear. */
  onChange?: () => void;
};

export type SignaturePadController = {
  /** Removes the last stroke. */
  undo(): void;
  clear(): void;
  /** Stops drawing (the pad keeps its strokes); `unlock` resumes it. */
  lock(): void;
  unlock(): void;
  isLocked(): boolean;
  isEmpty(): boolean;
  /** The drawing as a data URL; throws `Error('Image type is incorrect!')` for a type outside `SIGNATURE_IMAGE_TYPES`. */
  toDataURL(type?: string): string;
  /** The drawing as a Blob, with the same type check as `toDataURL`. */
  toBlob(type?: string): Blob;
  /** Fits the bitmap to the element's CSS size times the device pixel ratio, keeping the strokes. */
  resize(): void;
  destroy(): void;
};

function isSignatureImageType(type: string): type is SignatureImageType {
  return (SIGNATURE_IMAGE_TYPES as readonly string[]).includes(type);
}

/** Decodes a base64 data URL (what canvas and signature_pad produce) without a network round trip. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL');
  const [, mime = 'application/octet-stream', base64, payload = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(payload)], { type: mime });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

/**
 * Wraps signature_pad behind the few operations the signature widget needs (spec §4: draw, undo, clear, lock,
 * unlock, save as png, jpeg or svg). Framework-free so it is unit-tested without React and without a canvas.
 */
export function createSignaturePadController(
  canvas: HTMLCanvasElement,
  {
    createPad = (element, options) => new SignaturePad(element, options),
    onChange,
  }: SignaturePadControllerOptions = {},
): SignaturePadController {
  const pad = createPad(canvas, {
    ...SIGNATURE_PEN_DEFAULTS,
    penColor: 'rgb(17, 24, 39)',
    // An opaque background keeps a JPEG from turning black and a saved PNG readable on any viewer.
    backgroundColor: 'rgb(255, 255, 255)',
  });
  let locked = false;
  const handleEndStroke = () => onChange?.();
  pad.addEventListener('endStroke', handleEndStroke);

  function checkedType(type: string): SignatureImageType {
    if (!isSignatureImageType(type)) throw new Error(IMAGE_TYPE_ERROR);
    return type;
  }

  return {
    undo() {
      const strokes = pad.toData();
      if (strokes.length === 0) return;
      strokes.pop();
      pad.fromData(strokes);
      onChange?.();
    },
    clear() {
      pad.clear();
      onChange?.();
    },
    lock() {
      pad.off();
      locked = true;
    },
    unlock() {
      pad.on();
      locked = false;
    },
    isLocked: () => locked,
    isEmpty: () => pad.isEmpty(),
    toDataURL(type = 'image/png') {
      return pad.toDataURL(checkedType(type));
    },
    toBlob(type = 'image/png') {
      return dataUrlToBlob(pad.toDataURL(checkedType(type)));
    },
    resize() {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      // Not laid out yet (or hidden), or no change: resizing would only wipe the bitmap for nothing.
      if (width === 0 || height === 0 || (canvas.width === width && canvas.height === height)) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      // Setting the size resets the context, so the scale goes back on before the strokes are redrawn.
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(strokes);
    },
    destroy() {
      pad.removeEventListener('endStroke', handleEndStroke);
      pad.off();
    },
  };
}
