// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeWidget, renderWidget, serverRenderedWidget } from '@/test/render-with-intl';
import type { UploadPort } from '../types';
import OtherSignature from './other-signature';
import { langMarks } from '../test-fixtures';

/** jsdom has no 2D context: drawing calls become no-ops and the bitmap export a fixed PNG. */
beforeEach(() => {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (target[key] ??= vi.fn()),
    set: (target, key, value: unknown) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
    (type?: string) => `data:${type ?? 'image/png'};base64,iVBORw==`,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

function canvas(): HTMLCanvasElement {
  return screen.getByRole('img', { name: 'Signature area' }) as HTMLCanvasElement;
}

function drawStroke() {
  const init = { clientX: 20, clientY: 20, buttons: 1, button: 0, pointerId: 1, bubbles: true, cancelable: true };
  act(() => {
    canvas().dispatchEvent(new PointerEvent('pointerdown', init));
    window.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: 80, clientY: 40 }));
    window.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: 80, clientY: 40, buttons: 0 }));
  });
}

function port(online = true) {
  return {
    online,
    upload: vi.fn<UploadPort['upload']>(async () => ({ id: 'sig-1' })),
    describe: () => null,
  } satisfies UploadPort;
}

const widget = makeWidget({ subtype: 'other_signature', title: 'Sign here' });

describe('OtherSignature', () => {
  it('is a labelled group with an image-role canvas and keyboard buttons', () => {
    renderWidget(OtherSignature, widget, { uploads: port() });
    expect(screen.getByRole('group', { name: 'Sign here' })).toContainElement(canvas());
    for (const name of ['Undo', 'Clear', 'Lock', 'Save signature']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // Nothing to undo or clear yet.
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('shows the pad locked and its buttons not available until the client runs it, which they need to act', async () => {
    const { container, hydrate } = serverRenderedWidget(OtherSignature, widget, { uploads: port() });
    const enabled = () =>
      within(container)
        .getAllByRole('button')
        .filter((button) => !button.hasAttribute('disabled'))
        .map((button) => button.textContent);
    const pad = () => container.querySelector('canvas')?.parentElement;
    expect(enabled()).toEqual([]);
    expect(pad()).toHaveAttribute('data-locked');
    await hydrate();
    expect(enabled()).toEqual(['Lock', 'Save signature']);
    expect(pad()).not.toHaveAttribute('data-locked');
  });

  it('says an empty pad is empty instead of saving it', async () => {
    const user = userEvent.setup();
    const uploads = port();
    const { onChange } = renderWidget(OtherSignature, widget, { uploads });
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sign in the box before saving');
    expect(uploads.upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads the drawing as a PNG and answers with its upload id', async () => {
    const user = userEvent.setup();
    const uploads = port();
    const { lastValue } = renderWidget(OtherSignature, widget, { uploads });
    drawStroke();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(uploads.upload).toHaveBeenCalledWith(expect.any(Blob), 'signature.png');
    expect(uploads.upload.mock.lastCall?.[0].type).toBe('image/png');
    expect(lastValue()).toEqual(['sig-1']);
    expect(screen.getByRole('status')).toHaveTextContent('Signature saved');
  });

  it('empties the answer when the saved drawing changes', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherSignature, widget, { uploads: port(), value: ['old-id'] });
    expect(screen.getByRole('status')).toHaveTextContent('Signature saved');
    drawStroke();
    expect(lastValue()).toEqual([]);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('undo and clear work from the keyboard', async () => {
    const user = userEvent.setup();
    renderWidget(OtherSignature, widget, { uploads: port() });
    drawStroke();
    drawStroke();
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
    screen.getByRole('button', { name: 'Clear' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('lock stops drawing until unlock', async () => {
    const user = userEvent.setup();
    renderWidget(OtherSignature, widget, { uploads: port() });
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    drawStroke();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    drawStroke();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled();
  });

  it('says the signature waits for the connection while offline', async () => {
    const user = userEvent.setup();
    const uploads = {
      online: false,
      upload: vi.fn<UploadPort['upload']>(() => new Promise(() => {})),
      describe: () => null,
    };
    renderWidget(OtherSignature, widget, { uploads });
    drawStroke();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your signature will be saved when you are back online');
    expect(screen.getByRole('status')).not.toHaveTextContent('signature.png');
  });

  it('says the signature is being saved while the upload runs online', async () => {
    const user = userEvent.setup();
    const uploads = {
      online: true,
      upload: vi.fn<UploadPort['upload']>(() => new Promise(() => {})),
      describe: () => null,
    };
    renderWidget(OtherSignature, widget, { uploads });
    drawStroke();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saving your signature…');
    expect(screen.getByRole('status')).not.toHaveTextContent('signature.png');
    // The upload itself still carries the file name.
    expect(uploads.upload).toHaveBeenCalledWith(expect.any(Blob), 'signature.png');
  });

  it('reports a failed upload and keeps the answer empty', async () => {
    const user = userEvent.setup();
    const uploads = {
      online: true,
      upload: vi.fn<UploadPort['upload']>(async () => Promise.reject(new Error('api'))),
      describe: () => null,
    };
    const { onChange } = renderWidget(OtherSignature, widget, { uploads });
    drawStroke();
    await user.click(screen.getByRole('button', { name: 'Save signature' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your signature could not be saved');
    expect(screen.getByRole('alert')).not.toHaveTextContent('signature.png');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('language of parts: the pad and its buttons are the interface, never marked', () => {
    const { container } = renderWidget(OtherSignature, widget, { uploads: port(), textLang: 'es' });
    expect(langMarks(container)).toEqual([]);
  });
});
