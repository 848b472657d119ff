// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '@/test/render-with-intl';
import { PasswordGate } from './password-gate';

function renderGate(check: (password: string) => Promise<boolean>, refused = false) {
  const onSubmit = vi.fn(check);
  renderWithIntl(<PasswordGate onSubmit={onSubmit} refused={refused} />);
  return { user: userEvent.setup(), onSubmit, field: screen.getByLabelText('Password') };
}

describe('PasswordGate', () => {
  it('refuses a blank password before any call, and says so on the field', async () => {
    const { user, onSubmit, field } = renderGate(async () => true);
    await user.click(screen.getByRole('button', { name: 'Access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password field is required');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(field, '   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the password as typed, says "access denied" for a wrong one, and clears it for the right one', async () => {
    const { user, onSubmit, field } = renderGate(async (password) => password === ' demo');
    await user.type(field, 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied (password is incorrect)');
    await user.clear(field);
    await user.type(field, ' demo{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onSubmit.mock.calls.map(([password]) => password)).toEqual(['wrong', ' demo']);
  });

  it('shows the catalogue message of a failed call', async () => {
    const limited = new AxiosError('Too many', 'ERR_BAD_RESPONSE', undefined, undefined, {
      status: 429,
      statusText: 'Too Many Requests',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: {},
    });
    const { user, field } = renderGate(() => Promise.reject(limited));
    await user.type(field, 'demo{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have reached the limit of maximum requests, please try in a few seconds.',
    );
  });

  it('says "access denied" when this tab was already refused, until the next answer', () => {
    renderGate(async () => true, true);
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied (password is incorrect)');
  });

  it('keeps a password typed before the client took over: the field is not controlled', () => {
    const { field } = renderGate(async () => true);
    expect(field).not.toHaveAttribute('value');
  });
});
