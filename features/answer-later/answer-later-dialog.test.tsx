// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '@/test/render-with-intl';
import { AnswerLater } from './answer-later-dialog';

const REMEMBER_KEY = 'encuesta-answer-later-email';

/**
 * jsdom has `<dialog>` but not its modal behaviour. This stands in for the browser: `showModal` opens, Escape
 * sends a cancelable `cancel` and then closes, and `close` fires `close`.
 */
function installDialogPolyfill(): () => void {
  const proto = HTMLDialogElement.prototype;
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (dialog && dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', onEscape);
  return () => {
    document.removeEventListener('keydown', onEscape);
    Reflect.deleteProperty(proto, 'showModal');
    Reflect.deleteProperty(proto, 'close');
  };
}

let removePolyfill: () => void;
beforeAll(() => {
  removePolyfill = installDialogPolyfill();
});
afterAll(() => {
  removePolyfill();
});
afterEach(() => {
  localStorage.clear();
});

function dialog(): HTMLDialogElement {
  const element = document.querySelector('dialog');
  if (!element) throw new Error('No dialog');
  return element;
}

async function openDialog(props: Partial<Parameters<typeof AnswerLater>[0]> = {}) {
  const user = userEvent.setup();
  const onSend = vi.fn<(email: string, retry: boolean) => Promise<void>>().mockResolvedValue(undefined);
  renderWithIntl(<AnswerLater enabled remember={false} onSend={onSend} {...props} />);
  const trigger = screen.getByRole('button', { name: 'Answer later' });
  await user.click(trigger);
  // The form arrives in its own chunk on the first opening.
  await screen.findByRole('textbox', { name: 'Email' });
  return { user, onSend: props.onSend ?? onSend, trigger };
}

/** The queue call refused with `status`, as axios rejects it. */
function refusal(status: number, statusText: string, data: unknown): AxiosError {
  return new AxiosError(statusText, 'ERR_BAD_RESPONSE', undefined, undefined, {
    status,
    statusText,
    headers: {},
    config: { headers: new AxiosHeaders() },
    data,
  });
}

describe('AnswerLater', () => {
  it('renders nothing unless the survey allows answering later', () => {
    renderWithIntl(<AnswerLater enabled={false} remember onSend={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a labelled modal dialog with the focus in the email field', async () => {
    const { trigger } = await openDialog();
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(dialog().open).toBe(true);
    const modal = screen.getByRole('dialog', { name: 'Answer later' });
    expect(modal).toHaveAccessibleDescription('We will send you a link to continue where you left off.');
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('explains an invalid address next to the field and sends nothing', async () => {
    const { user, onSend } = await openDialog();
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.type(field, 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Enter a valid email');
    expect(field).toHaveFocus();

    await user.type(field, '.com');
    expect(field).not.toBeInvalid();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the trimmed address, closes, returns the focus and confirms in a live region', async () => {
    const { user, onSend, trigger } = await openDialog();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  ana@example.com {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('ana@example.com', false);
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('We have sent the link to ana@example.com.');
    // Remembering was not offered, so nothing was stored.
    expect(localStorage.getItem(REMEMBER_KEY)).toBeNull();
  });

  it('disables Send while sending', async () => {
    let finish: () => void = () => undefined;
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await openDialog({ onSend });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    const send = screen.getByRole('button', { name: 'Send link' });
    await user.click(send);
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(dialog().open).toBe(false));
  });

  it('shows the catalogue message when queueing fails, and stays open for a retry', async () => {
    const onSend = vi
      .fn<(email: string, retry: boolean) => Promise<void>>()
      .mockRejectedValue(refusal(429, 'Too Many Requests', null));
    const { user } = await openDialog({ onSend });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have reached the limit of maximum requests, please try in a few seconds.',
    );
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('button', { name: 'Send link' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    // Sent again, the same address is a retry of the same e-mail (its reply may have been lost); another one is not.
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('ana@example.com', true));
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(field);
    await user.type(field, 'eva@example.com{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('eva@example.com', false));
  });

  it('says the survey was already completed when another device finished the response meanwhile (409)', async () => {
    const onSend = vi
      .fn<(email: string, retry: boolean) => Promise<void>>()
      .mockRejectedValue(refusal(409, 'Conflict', { code: 'response_completed' }));
    const { user } = await openDialog({ onSend });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already completed the survey you are trying to access.',
    );
  });

  it('prefills the remembered address and keeps the one sent when "remember" stays ticked', async () => {
    localStorage.setItem(REMEMBER_KEY, 'old@example.com');
    const { user, onSend } = await openDialog({ remember: true });
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveValue('old@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember my email on this device' })).toBeChecked();
    await user.clear(field);
    await user.type(field, 'new@example.com{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('new@example.com', false);
    await waitFor(() => expect(localStorage.getItem(REMEMBER_KEY)).toBe('new@example.com'));
  });

  it('forgets the remembered address when "remember" is unticked', async () => {
    localStorage.setItem(REMEMBER_KEY, 'old@example.com');
    const { user } = await openDialog({ remember: true });
    await user.click(screen.getByRole('checkbox', { name: 'Remember my email on this device' }));
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(localStorage.getItem(REMEMBER_KEY)).toBeNull();
  });

  it('does not prefill when the survey does not offer remembering', async () => {
    localStorage.setItem(REMEMBER_KEY, 'old@example.com');
    await openDialog({ remember: false });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('closes on Escape and on Cancel, returning the focus to the button', async () => {
    const { user, trigger, onSend } = await openDialog();
    await user.keyboard('{Escape}');
    expect(dialog().open).toBe(false);
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(dialog().open).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog().open).toBe(false);
    expect(trigger).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
  });
});
