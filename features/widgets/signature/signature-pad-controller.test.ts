// @vitest-environment jsdom
import SignaturePad, { type Options, type PointGroup } from 'signature_pad';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IMAGE_TYPE_ERROR,
  SIGNATURE_PEN_DEFAULTS,
  createSignaturePadController,
  dataUrlToBlob,
  type SignaturePadLike,
} from './signature-pad-controller';

/** jsdom has no 2D context: every drawing call becomes a no-op spy, property writes are kept. */
function fakeContext(): CanvasRenderingContext2D {
  const calls: Record<string | symbol, unknown> = {};
  return new Proxy(calls, {
    get(target, key) {
      if (!(key in target)) target[key] = vi.fn();
      return target[key];
    },
    set(target, key, value: unknown) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** jsdom's Blob has no `text()`/`arrayBuffer()`; FileReader it has. */
function readBytes(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function readText(blob: Blob): Promise<string> {
  return String.fromCharCode(...(await readBytes(blob)));
}

function stroke(x: number, y: number): PointGroup {
  return {
    ...SIGNATURE_PEN_DEFAULTS,
    penColor: 'black',
    compositeOperation: 'source-over',
    points: [
      { x, y, pressure: 0.5, time: 1 },
      { x: x + 20, y: y + 10, pressure: 0.5, time: 20 },
    ],
  };
}

/** A pointer stroke the way a finger or mouse makes it: down on the canvas, move and up on the window. */
function drawWithPointer(canvas: HTMLCanvasElement, x: number, y: number) {
  const init = { clientX: x, clientY: y, buttons: 1, button: 0, pointerId: 1, bubbles: true, cancelable: true };
  canvas.dispatchEvent(new PointerEvent('pointerdown', init));
  window.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: x + 30, clientY: y + 30 }));
  window.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + 30, clientY: y + 30, buttons: 0 }));
}

describe('signature pad controller with the real signature_pad', () => {
  let canvas: HTMLCanvasElement;

  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => fakeContext() as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
      (type?: string) => `data:${type ?? 'image/png'};base64,AAEC`,
    );
    canvas = document.createElement('canvas');
    document.body.append(canvas);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    canvas.remove();
  });

  it('configures the pen with the spec defaults', () => {
    let seen: Options | undefined;
    createSignaturePadController(canvas, {
      createPad: (element, options) => {
        seen = options;
        return new SignaturePad(element, options);
      },
    });
    expect(seen).toMatchObject({
      dotSize: 1.5,
      minWidth: 0.5,
      maxWidth: 2.5,
      throttle: 16,
      minDistance: 5,
      velocityFilterWeight: 0.7,
    });
  });

  it('reports an empty pad as empty, and not after a stroke', () => {
    const onChange = vi.fn();
    const controller = createSignaturePadController(canvas, { onChange });
    expect(controller.isEmpty()).toBe(true);
    drawWithPointer(canvas, 10, 10);
    expect(controller.isEmpty()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('undo removes only the last stroke; clear removes all', () => {
    const controller = createSignaturePadController(canvas);
    drawWithPointer(canvas, 10, 10);
    drawWithPointer(canvas, 60, 10);
    controller.undo();
    expect(controller.isEmpty()).toBe(false);
    controller.undo();
    expect(controller.isEmpty()).toBe(true);
    drawWithPointer(canvas, 10, 10);
    controller.clear();
    expect(controller.isEmpty()).toBe(true);
  });

  it('lock ignores new strokes until unlock', () => {
    const controller = createSignaturePadController(canvas);
    controller.lock();
    expect(controller.isLocked()).toBe(true);
    drawWithPointer(canvas, 10, 10);
    expect(controller.isEmpty()).toBe(true);
    controller.unlock();
    expect(controller.isLocked()).toBe(false);
    drawWithPointer(canvas, 10, 10);
    expect(controller.isEmpty()).toBe(false);
  });

  it('saves as png, jpeg and svg', () => {
    const controller = createSignaturePadController(canvas);
    drawWithPointer(canvas, 10, 10);
    expect(controller.toDataURL()).toBe('data:image/png;base64,AAEC');
    expect(controller.toDataURL('image/png')).toBe('data:image/png;base64,AAEC');
    expect(controller.toDataURL('image/jpeg')).toBe('data:image/jpeg;base64,AAEC');
    const svg = controller.toDataURL('image/svg+xml');
    expect(svg.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(svg.slice('data:image/svg+xml;base64,'.length))).toContain('<svg');
  });

  it.each(['image/gif', 'image/webp', 'text/plain', '', 'png'])('rejects %j with the spec message', (type) => {
    const controller = createSignaturePadController(canvas);
    expect(() => controller.toDataURL(type)).toThrow(new Error(IMAGE_TYPE_ERROR));
    expect(() => controller.toBlob(type)).toThrow('Image type is incorrect!');
  });

  it('turns the drawing into a typed Blob for upload', async () => {
    const controller = createSignaturePadController(canvas);
    drawWithPointer(canvas, 10, 10);
    const blob = controller.toBlob('image/png');
    expect(blob.type).toBe('image/png');
    expect(await readBytes(blob)).toEqual([0, 1, 2]);
  });

  it('resizes for high-DPI screens and keeps the strokes', () => {
    vi.spyOn(canvas, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(canvas, 'offsetHeight', 'get').mockReturnValue(150);
    vi.stubGlobal('devicePixelRatio', 2);
    const controller = createSignaturePadController(canvas);
    drawWithPointer(canvas, 10, 10);
    controller.resize();
    expect(canvas.width).toBe(600);
    expect(canvas.height).toBe(300);
    expect(controller.isEmpty()).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('signature pad controller with an injected pad', () => {
  function fakePad() {
    let strokes: PointGroup[] = [];
    const listeners = new Map<string, EventListenerOrEventListenerObject>();
    const pad = {
      clear: vi.fn(() => {
        strokes = [];
      }),
      isEmpty: () => strokes.length === 0,
      toData: () => [...strokes],
      fromData: vi.fn((groups: PointGroup[]) => {
        strokes = [...groups];
      }),
      toDataURL: vi.fn((type?: string) => `data:${type ?? 'image/png'};base64,AA==`),
      on: vi.fn(),
      off: vi.fn(),
      addEventListener: vi.fn((type: string, listener: EventListenerOrEventListenerObject | null) => {
        if (listener) listeners.set(type, listener);
      }),
      removeEventListener: vi.fn((type: string) => {
        listeners.delete(type);
      }),
    } satisfies SignaturePadLike;
    const endStroke = (group: PointGroup) => {
      strokes.push(group);
      const listener = listeners.get('endStroke');
      if (typeof listener === 'function') listener(new Event('endStroke'));
    };
    return { pad, endStroke, listeners };
  }

  it('undo on an empty pad changes nothing', () => {
    const { pad } = fakePad();
    const onChange = vi.fn();
    const controller = createSignaturePadController(document.createElement('canvas'), {
      createPad: () => pad,
      onChange,
    });
    controller.undo();
    expect(pad.fromData).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('undo redraws every stroke but the last', () => {
    const { pad, endStroke } = fakePad();
    const controller = createSignaturePadController(document.createElement('canvas'), { createPad: () => pad });
    endStroke(stroke(1, 1));
    endStroke(stroke(2, 2));
    controller.undo();
    expect(pad.fromData).toHaveBeenLastCalledWith([stroke(1, 1)]);
  });

  it('lock and unlock switch the pad off and on', () => {
    const { pad } = fakePad();
    const controller = createSignaturePadController(document.createElement('canvas'), { createPad: () => pad });
    controller.lock();
    expect(pad.off).toHaveBeenCalledTimes(1);
    controller.unlock();
    expect(pad.on).toHaveBeenCalledTimes(1);
  });

  it('never asks the pad for a type it must refuse', () => {
    const { pad } = fakePad();
    const controller = createSignaturePadController(document.createElement('canvas'), { createPad: () => pad });
    expect(() => controller.toDataURL('image/bmp')).toThrow(IMAGE_TYPE_ERROR);
    expect(pad.toDataURL).not.toHaveBeenCalled();
  });

  it('destroy stops listening', () => {
    const { pad, listeners } = fakePad();
    const controller = createSignaturePadController(document.createElement('canvas'), { createPad: () => pad });
    controller.destroy();
    expect(listeners.size).toBe(0);
    expect(pad.off).toHaveBeenCalled();
  });
});

describe('dataUrlToBlob', () => {
  it('decodes base64 and plain data URLs', async () => {
    expect(await readText(dataUrlToBlob('data:image/png;base64,aGk='))).toBe('hi');
    const plain = dataUrlToBlob('data:image/svg+xml,%3Csvg%2F%3E');
    expect(plain.type).toBe('image/svg+xml');
    expect(await readText(plain)).toBe('<svg/>');
  });

  it('refuses anything else', () => {
    expect(() => dataUrlToBlob('https://example.com/a.png')).toThrow();
  });
});
