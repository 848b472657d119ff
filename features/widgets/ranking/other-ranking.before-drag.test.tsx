// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import OtherRanking from './other-ranking';

// The drag and drop's chunk arrives when the test says so.
let arrive: () => void = () => undefined;
const arrival = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('./sortable-list', async (importOriginal) => {
  await arrival;
  return importOriginal();
});

const widget = makeWidget({
  subtype: 'other_ranking',
  title: 'Rank these',
  items: [
    { id: 1, value: 'Price' },
    { id: 2, value: 'Quality' },
    { id: 3, value: 'Service' },
  ],
});

describe('OtherRanking before its drag and drop has arrived', () => {
  it('answers the move buttons, and keeps the focused button when the drag and drop arrives', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(OtherRanking, widget);
    const handle = screen.getByRole('button', { name: 'Quality' });
    expect(handle).not.toHaveAttribute('aria-describedby');

    await user.click(screen.getByRole('button', { name: 'Move up, Service' }));
    expect(lastValue()).toEqual(['1', '3', '2']);
    expect(screen.getByRole('button', { name: 'Move up, Service' })).toHaveFocus();

    await act(async () => arrive());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Quality' })).toHaveAttribute('aria-describedby'));
    // The list was rebuilt inside the drag and drop: focus is on the same button of the new list.
    expect(screen.getByRole('button', { name: 'Move up, Service' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(lastValue()).toEqual(['3', '1', '2']);
  });
});
