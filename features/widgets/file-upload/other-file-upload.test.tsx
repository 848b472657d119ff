// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { resolveText } from '@/lib/survey-format/text';
import { makeWidget, renderWidget, renderWithIntl, serverRenderedWidget } from '@/test/render-with-intl';
import type { UploadPort } from '../types';
import OtherFileUpload from './other-file-upload';
import { langMarks } from '../test-fixtures';

type PendingUpload = {
  file: Blob;
  name: string;
  resolve: (result: { id: string }) => void;
  reject: (reason: string) => void;
};

/**
 * An upload port whose files are kept only when the test says so; a kept file is described by its name, and
 * `stored` says whether the server has it yet.
 */
function fakePort(online = true) {
  const pending: PendingUpload[] = [];
  const kept = new Map<string, string>();
  const stored = new Set<string>();
  const port: UploadPort = {
    online,
    upload: vi.fn(
      (file: Blob, name: string) =>
        new Promise<{ id: string }>((resolve, reject) =>
          pending.push({
            file,
            name,
            resolve: (result) => {
              kept.set(result.id, name);
              resolve(result);
            },
            reject,
          }),
        ),
    ),
    describe: (value) => {
      const name = kept.get(value);
      return name === undefined ? null : { name, state: stored.has(value) ? 'stored' : 'pending' };
    },
  };
  return { port, pending, kept, stored };
}

function file(name: string, sizeBytes = 100): File {
  const made = new File(['x'], name);
  Object.defineProperty(made, 'size', { value: sizeBytes });
  return made;
}

/** Renders the widget with an answer the test can also change, as the runtime does once the server has a file. */
function renderRuntime(widget: ReturnType<typeof makeWidget>, port: UploadPort) {
  let setAnswer: (next: string[]) => void = () => undefined;
  function Runtime() {
    const [value, setValue] = useState<string[]>([]);
    setAnswer = setValue;
    return (
      <>
        <h2 id="question-title">Attach your CV</h2>
        <OtherFileUpload
          widget={widget}
          value={value}
          onChange={setValue}
          text={(text) => resolveText(text, 'en', 'en')}
          labelId="question-title"
          invalid={false}
          shuffleSeed="seed"
          rtl={false}
          mobile={false}
          uploads={port}
        />
      </>
    );
  }
  renderWithIntl(<Runtime />);
  return (next: string[]) => act(() => setAnswer(next));
}

function fileInput(): HTMLInputElement {
  return screen.getByLabelText<HTMLInputElement>('Attach your CV Choose files');
}

const single = makeWidget({ subtype: 'other_file_upload', id: 8, title: 'Attach your CV' });
const several = makeWidget({
  subtype: 'other_file_upload',
  title: 'Attach your CV',
  settings: { max_files: 2, max_size_mb: 1, accepted_types: ['pdf', '.PNG'] },
});

describe('OtherFileUpload', () => {
  it('is a real, labelled file input limited by the settings', () => {
    const { port } = fakePort();
    const { unmount } = renderWidget(OtherFileUpload, single, { uploads: port });
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'q8');
    expect(input).not.toHaveAttribute('multiple');
    // No types set: the picker offers the default types, the ones the server takes.
    expect(input.getAttribute('accept')).toMatch(/^\.pdf,\.png,\.jpg,\.jpeg,/);
    expect(screen.getByText('Drag files here or choose them')).toBeInTheDocument();
    unmount();
    renderWidget(OtherFileUpload, several, { uploads: port });
    expect(fileInput()).toHaveAttribute('multiple');
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.png');
  });

  it('keeps the file in the answer at once, says when the server has it, and remove drops it', async () => {
    const user = userEvent.setup();
    const { port, pending, stored } = fakePort();
    const { lastValue, rerender } = renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('cv.pdf'));
    expect(port.upload).toHaveBeenCalledWith(expect.any(File), 'cv.pdf');
    expect(screen.getByRole('progressbar', { name: 'Uploading cv.pdf…' })).toBeInTheDocument();
    await act(async () => pending[0]?.resolve({ id: 'local-upload:k1' }));
    expect(lastValue()).toEqual(['local-upload:k1']);
    rerender({ value: ['local-upload:k1'] });
    expect(screen.getByRole('progressbar', { name: 'Uploading cv.pdf…' })).toBeInTheDocument();
    stored.add('local-upload:k1');
    rerender({ value: ['local-upload:k1'] });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getAllByText('cv.pdf uploaded')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove cv.pdf' }));
    expect(lastValue()).toEqual([]);
  });

  it('announces "uploaded" only once the server has the file, not when it is kept on this device', async () => {
    const user = userEvent.setup();
    const { port, pending, stored } = fakePort();
    const { rerender } = renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('cv.pdf'));
    await act(async () => pending[0]?.resolve({ id: 'local-upload:k1' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Uploading cv\.pdf…$/);
    stored.add('local-upload:k1');
    rerender({ value: ['local-upload:k1'] });
    expect(screen.getByRole('status')).toHaveTextContent(/^cv\.pdf uploaded$/);
  });

  it('announces the file uploaded when the server id replaces the local one, and not uploaded when refused', async () => {
    const user = userEvent.setup();
    const { port, pending, kept, stored } = fakePort();
    const setAnswer = renderRuntime(single, port);
    await user.upload(fileInput(), file('cv.pdf'));
    await act(async () => pending[0]?.resolve({ id: 'local-upload:k1' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Uploading cv\.pdf…$/);
    kept.set('UP1', 'cv.pdf');
    stored.add('UP1');
    await setAnswer(['UP1']);
    expect(screen.getByRole('status')).toHaveTextContent(/^cv\.pdf uploaded$/);

    await user.click(screen.getByRole('button', { name: 'Remove cv.pdf' }));
    await user.upload(fileInput(), file('scan.pdf'));
    await act(async () => pending[1]?.resolve({ id: 'local-upload:k2' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Uploading scan\.pdf…$/);
    // The server refused it: the session drops it from the answer.
    await setAnswer([]);
    expect(screen.getByRole('status')).toHaveTextContent(/^scan\.pdf could not be uploaded$/);
  });

  it('keeps the files one after another, so the answer lists them in the order they were chosen', async () => {
    const user = userEvent.setup();
    const { port, pending } = fakePort();
    const { lastValue } = renderWidget(OtherFileUpload, several, { uploads: port });
    await user.upload(fileInput(), [file('a.pdf'), file('b.png')]);
    expect(pending).toHaveLength(1);
    await act(async () => pending[0]?.resolve({ id: 'id-a' }));
    await act(async () => pending[1]?.resolve({ id: 'id-b' }));
    expect(lastValue()).toEqual(['id-a', 'id-b']);
  });

  it('refuses a wrong type, an oversized file and one file too many, with the spec messages', async () => {
    // A respondent can switch the picker to "All files", so the widget checks types itself.
    const user = userEvent.setup({ applyAccept: false });
    const { port, pending } = fakePort();
    const { onChange } = renderWidget(OtherFileUpload, several, { uploads: port, describedBy: 'q-error' });
    await user.upload(fileInput(), [file('virus.exe'), file('huge.pdf', 2 * 1024 * 1024), file('ok.pdf')]);
    const alert = screen.getByRole('alert');
    // The list is isolated left to right (LRI … PDI), so a right-to-left message keeps its dots in place.
    expect(alert).toHaveTextContent('virus.exe Invalid file format. Allowed: \u2066.pdf, .png\u2069');
    expect(alert).toHaveTextContent('huge.pdf The file exceeds the maximum size of 1 MB');
    expect(port.upload).toHaveBeenCalledTimes(1);
    expect(fileInput().getAttribute('aria-describedby')?.split(' ')).toEqual([alert.id, 'q-error']);
    await act(async () => pending[0]?.resolve({ id: 'ok' }));

    await user.upload(fileInput(), [file('two.pdf'), file('three.pdf')]);
    expect(screen.getByRole('alert')).toHaveTextContent('You cannot upload more than 2 files');
    expect(port.upload).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("with no types set, refuses what the server refuses and lists the server's default types", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { port } = fakePort();
    renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('notes.zip'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /notes\.zip Invalid file format\. Allowed: \u2066\.pdf, \.png, \.jpg, /,
    );
    expect(port.upload).not.toHaveBeenCalled();
  });

  it('also takes dropped files, through the same checks', () => {
    const { port } = fakePort();
    renderWidget(OtherFileUpload, single, { uploads: port });
    const zone = screen.getByText('Drag files here or choose them').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.pdf'), file('b.pdf')] } });
    expect(port.upload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(/^You cannot upload more than 1 file$/);
  });

  it('takes a file picked before the client took over, as if just picked, and empties the picker', async () => {
    const { port, pending } = fakePort();
    const { container, hydrate } = serverRenderedWidget(OtherFileUpload, single, { uploads: port });
    // Picked on the server-rendered page: its change fired before React listened.
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    let picked = [file('cv.pdf')];
    Object.defineProperty(input, 'files', { get: () => picked });
    Object.defineProperty(input, 'value', { set: (next: string) => (picked = next === '' ? [] : picked) });
    await hydrate();
    expect(port.upload).toHaveBeenCalledWith(expect.any(File), 'cv.pdf');
    expect(pending).toHaveLength(1);
    expect(picked).toEqual([]);
    expect(screen.getByRole('progressbar', { name: 'Uploading cv.pdf…' })).toBeInTheDocument();
  });

  /** The drop zone's input holding `picked`, as the page's inline script leaves it; emptied as the widget empties it. */
  function handedOverFiles(input: HTMLInputElement, picked: File[]): { picked: () => File[] } {
    let files = picked;
    Object.defineProperty(input, 'files', { get: () => files });
    Object.defineProperty(input, 'value', { set: (next: string) => (files = next === '' ? [] : files) });
    return { picked: () => files };
  }

  /** A drop of `files` that the page's inline script took before the client took over (so, prevented already). */
  function dropBeforeTakeOver(zone: HTMLElement, files: File[]) {
    const takenEarly = (event: Event) => event.preventDefault();
    document.addEventListener('drop', takenEarly, true);
    fireEvent.drop(zone, { dataTransfer: { files } });
    document.removeEventListener('drop', takenEarly, true);
  }

  it('takes a file dropped before the page took over from its input, where the inline script put it', () => {
    const { port } = fakePort();
    const { container } = renderWidget(OtherFileUpload, single, { uploads: port });
    const zone = container.querySelector<HTMLElement>('[data-file-drop]')!;
    const cv = file('cv.pdf');
    const input = handedOverFiles(zone.querySelector('input')!, [cv]);
    dropBeforeTakeOver(zone, [cv]);
    expect(port.upload).toHaveBeenCalledTimes(1);
    expect(port.upload).toHaveBeenCalledWith(cv, 'cv.pdf');
    expect(input.picked()).toEqual([]);
  });

  it('takes a file dropped before the page took over once, when mounting took it from the input already', async () => {
    const { port } = fakePort();
    // Room for two files: a second take of the one dropped would not be refused as one too many.
    const { container, hydrate } = serverRenderedWidget(OtherFileUpload, several, { uploads: port });
    const zone = container.querySelector<HTMLElement>('[data-file-drop]')!;
    const cv = file('cv.pdf');
    handedOverFiles(zone.querySelector('input')!, [cv]);
    // React hydrates the widget as the drop reaches it, then hands it the drop.
    await hydrate();
    dropBeforeTakeOver(zone, [cv]);
    expect(port.upload).toHaveBeenCalledTimes(1);
  });

  it('refuses a file dropped beside its zone while on the page, which would open it in the tab', () => {
    const { port } = fakePort();
    const { container, unmount } = renderWidget(OtherFileUpload, single, { uploads: port });
    const zone = container.querySelector<HTMLElement>('[data-file-drop]')!;
    // jsdom has no DragEvent: an event with the drag's data, as the browser gives it.
    const drag = (target: Element, type: string, types: string[]) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      const dataTransfer = { types, files: [], dropEffect: 'copy' };
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      target.dispatchEvent(event);
      return [event.defaultPrevented, dataTransfer.dropEffect];
    };
    expect(drag(document.body, 'dragover', ['Files'])).toEqual([true, 'none']);
    expect(drag(document.body, 'drop', ['Files'])[0]).toBe(true);
    // Text is the browser's to drag; a drop on the zone is the zone's own.
    expect(drag(document.body, 'drop', ['text/plain'])[0]).toBe(false);
    expect(drag(zone, 'dragover', ['Files'])).toEqual([true, 'copy']);
    unmount();
    expect(drag(document.body, 'drop', ['Files'])[0]).toBe(false);
  });

  it('says a file waits for the connection while offline', async () => {
    const user = userEvent.setup();
    const { port, pending } = fakePort(false);
    renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('cv.pdf'));
    expect(screen.getByText('cv.pdf will be uploaded when you are back online')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(async () => pending[0]?.resolve({ id: 'local-upload:k1' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^cv\.pdf will be uploaded when you are back online$/);
  });

  it('reports a failed upload and retries it', async () => {
    const user = userEvent.setup();
    const { port, pending } = fakePort();
    const { lastValue } = renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('cv.pdf'));
    await act(async () => pending[0]?.reject('api.unexpected_error'));
    const row = screen.getByText('cv.pdf could not be uploaded', { selector: 'span' }).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Try again, cv.pdf' }));
    await act(async () => pending[1]?.resolve({ id: 'up-2' }));
    expect(lastValue()).toEqual(['up-2']);
  });

  it('a retry keeps to max_files: a file kept since the failure leaves no room for it', async () => {
    const user = userEvent.setup();
    const { port, pending } = fakePort();
    const { lastValue } = renderWidget(OtherFileUpload, single, { uploads: port });
    await user.upload(fileInput(), file('cv.pdf'));
    await act(async () => pending[0]?.reject('api.unexpected_error'));
    await user.upload(fileInput(), file('scan.pdf'));
    await act(async () => pending[1]?.resolve({ id: 'up-2' }));
    expect(lastValue()).toEqual(['up-2']);
    const row = screen.getByText('cv.pdf could not be uploaded', { selector: 'span' }).closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Try again, cv.pdf' }));
    expect(port.upload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent(/^You cannot upload more than 1 file$/);
    expect(lastValue()).toEqual(['up-2']);
  });

  it('lists the files of a resumed answer and removes them by id', async () => {
    const user = userEvent.setup();
    const { port } = fakePort();
    const { lastValue } = renderWidget(OtherFileUpload, several, { uploads: port, value: ['u-1', 'u-2'] });
    await user.click(screen.getByRole('button', { name: 'Remove u-1' }));
    expect(lastValue()).toEqual(['u-2']);
  });

  it('after a Remove, the focus goes to the next file’s Remove, else the last one’s, else the picker', async () => {
    const user = userEvent.setup();
    const { port } = fakePort();
    renderWidget(OtherFileUpload, makeWidget({ ...several, settings: { max_files: 3 } }), {
      uploads: port,
      value: ['u-1', 'u-2', 'u-3'],
    });
    await user.click(screen.getByRole('button', { name: 'Remove u-2' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove u-3' }));
    await user.click(screen.getByRole('button', { name: 'Remove u-3' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove u-1' }));
    await user.click(screen.getByRole('button', { name: 'Remove u-1' }));
    expect(document.activeElement).toBe(fileInput());
  });

  it('cannot be used without an upload port or while disabled', () => {
    const { unmount } = renderWidget(OtherFileUpload, single);
    expect(fileInput()).toBeDisabled();
    unmount();
    renderWidget(OtherFileUpload, single, { uploads: fakePort().port, disabled: true });
    expect(fileInput()).toBeDisabled();
  });
  it('language of parts: the drop zone, buttons and file rows are the interface, never marked', () => {
    const { port } = fakePort();
    const { container } = renderWidget(OtherFileUpload, single, { uploads: port, textLang: 'es', value: ['cv-1'] });
    expect(screen.getByRole('button', { name: 'Remove cv-1' })).toBeInTheDocument();
    expect(langMarks(container)).toEqual([]);
  });
});
