// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget, serverRenderedWidget } from '@/test/render-with-intl';
import MultipleChoice from './multiple-choice';

const items = [
  { id: 1, value: 'Tea' },
  { id: 2, value: 'Coffee' },
  { id: 3, value: 'Juice' },
];

describe('MultipleChoice', () => {
  it.each(['multiple_checkbox', 'multiple_select', 'multiple_image'])(
    '%s: stores ids in survey order and never triggers auto flow',
    async (subtype) => {
      const user = userEvent.setup();
      const { lastValue, onAnswered } = renderWidget(MultipleChoice, makeWidget({ subtype, items }));
      await user.click(screen.getByRole('checkbox', { name: 'Juice' }));
      await user.click(screen.getByRole('checkbox', { name: 'Tea' }));
      expect(lastValue()).toEqual(['1', '3']);
      await user.click(screen.getByRole('checkbox', { name: 'Juice' }));
      expect(lastValue()).toEqual(['1']);
      expect(onAnswered).not.toHaveBeenCalled();
    },
  );

  it('clearing every box gives []', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items }), {
      value: ['2'],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Coffee' }));
    expect(lastValue()).toEqual([]);
  });

  it('toggles with Space after Tab', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items }));
    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Coffee' })).toHaveFocus();
    await user.keyboard(' ');
    expect(lastValue()).toEqual(['2']);
  });

  it('is a group labelled by the title, with native checkboxes named q<widget id>', () => {
    renderWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items, required: true }), {
      describedBy: 'err',
      invalid: true,
    });
    const group = screen.getByRole('group', { name: 'Question' });
    expect(group).toHaveAttribute('aria-describedby', 'err');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    // aria-required is not allowed on role=group.
    expect(group).not.toHaveAttribute('aria-required');
    for (const box of screen.getAllByRole('checkbox')) expect(box).toHaveAttribute('name', 'q101');
    expect(screen.getByRole('checkbox', { name: 'Coffee' })).toHaveAttribute('value', '2');
  });

  it('other: appends "others:|:text" after the ids and removes it when unchecked', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderWidget(
      MultipleChoice,
      makeWidget({ subtype: 'multiple_checkbox', items, settings: { has_other: true } }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(lastValue()).toEqual(['others:|:']);
    await user.type(screen.getByRole('textbox', { name: 'Other' }), 'Milk');
    await user.click(screen.getByRole('checkbox', { name: 'Coffee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tea' }));
    expect(lastValue()).toEqual(['1', '2', 'others:|:Milk']);
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(lastValue()).toEqual(['1', '2']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('max_selections disables the unchecked boxes, "other" included, until one is unchecked', async () => {
    const user = userEvent.setup();
    renderWidget(
      MultipleChoice,
      makeWidget({ subtype: 'multiple_checkbox', items, settings: { has_other: true, max_selections: 2 } }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Tea' }));
    expect(screen.getByRole('checkbox', { name: 'Juice' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Coffee' }));
    expect(screen.getByRole('checkbox', { name: 'Juice' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Other' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Tea' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Tea' }));
    expect(screen.getByRole('checkbox', { name: 'Juice' })).toBeEnabled();
  });

  it('max_selections is on the group in the server’s HTML, for the page’s inline script before the take-over', () => {
    const group = (settings: Record<string, unknown>) =>
      serverRenderedWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items, settings }))
        .container.querySelector('[role="group"]')
        ?.getAttribute('data-max-selections');
    expect(group({ has_other: true, max_selections: 2 })).toBe('2');
    // 0 is "no limit".
    expect(group({ max_selections: 0 })).toBeNull();
    expect(group({})).toBeNull();
  });

  it('max_selections counts only visible choices: one that logic hid later locks nothing', () => {
    renderWidget(
      MultipleChoice,
      makeWidget({ subtype: 'multiple_checkbox', items, settings: { has_other: true, max_selections: 2 } }),
      { value: ['1', '2'], hiddenItemIds: new Set([1]) },
    );
    expect(screen.getByRole('checkbox', { name: 'Juice' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Other' })).toBeEnabled();
  });

  it('randomize keeps fixed items in place and the same order for the same seed', () => {
    const many = [
      ...Array.from({ length: 7 }, (_, index) => ({ id: index + 1, value: `Option ${index + 1}` })),
      { id: 50, value: 'None', fixed: true },
    ];
    const widget = makeWidget({ subtype: 'multiple_checkbox', items: many, settings: { randomize: true } });
    const order = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'));
    const { unmount } = renderWidget(MultipleChoice, widget, { shuffleSeed: 's1' });
    const first = order();
    expect(first.at(-1)).toBe('50');
    expect([...first].sort()).toEqual(many.map((item) => String(item.id)).sort());
    unmount();
    renderWidget(MultipleChoice, widget, { shuffleSeed: 's1' });
    expect(order()).toEqual(first);
  });

  it('does not render hidden items', () => {
    renderWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items }), {
      hiddenItemIds: new Set([1]),
    });
    expect(screen.queryByRole('checkbox', { name: 'Tea' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('image cards keep native checkboxes named by the option text', () => {
    renderWidget(
      MultipleChoice,
      makeWidget({
        subtype: 'multiple_image',
        items: [
          { id: 1, value: 'Beach', image_src: '/beach.jpg' },
          { id: 2, value: 'Mountain', image_src: '/mountain.jpg' },
        ],
      }),
    );
    expect(screen.getByRole('img', { name: 'Mountain' })).toHaveAttribute('src', '/mountain.jpg');
    expect(screen.getByRole('checkbox', { name: 'Mountain' })).toHaveAttribute('value', '2');
  });

  it('follows the survey direction', () => {
    renderWidget(MultipleChoice, makeWidget({ subtype: 'multiple_checkbox', items }), { rtl: true });
    expect(screen.getByRole('group')).toHaveAttribute('dir', 'rtl');
  });
});
