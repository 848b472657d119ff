// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWidget, renderWidget } from '@/test/render-with-intl';
import ScaleSlider from './scale-slider';
import { inPersian, langMarks } from '../test-fixtures';

describe('ScaleSlider', () => {
  const widget = makeWidget({
    subtype: 'scale_slider',
    settings: { min: 0, max: 10, step: 1, min_label: 'Cold', max_label: 'Hot' },
  });

  it('is a native range input labelled by the title and described by its end labels', () => {
    renderWidget(ScaleSlider, widget, { describedBy: 'err', invalid: true });
    const slider = screen.getByRole('slider', { name: 'Question' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '10');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveAttribute('name', 'q101');
    expect(slider).toHaveAttribute('aria-invalid', 'true');
    expect(slider).toHaveAccessibleDescription(/Cold.*Hot/);
  });

  it('shows its ends and value in the page’s digits, and keeps ASCII ones in what it stores', () => {
    const { container, lastValue } = renderWidget(inPersian(ScaleSlider), widget);
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '7' } });
    expect(lastValue()).toEqual(['7']);
    expect(slider).toHaveValue('7');
    expect(container).toHaveTextContent('۷');
    expect(container).toHaveTextContent('۰');
    expect(container).toHaveTextContent('۱۰');
    expect(container).not.toHaveTextContent(/[0-9]/);
  });

  it('writes a decimal value as its value text says it: in Persian, its digits and its decimal mark', () => {
    const halves = makeWidget({ subtype: 'scale_slider', settings: { min: 0, max: 2, step: 0.5 } });
    const { container } = renderWidget(inPersian(ScaleSlider), halves);
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '1.5' } });
    expect(container).toHaveTextContent('۱٫۵');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringContaining('۱٫۵'));
  });

  it('says "No answer" until a value is chosen, then the value', () => {
    const { lastValue } = renderWidget(ScaleSlider, widget);
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuetext', 'No answer');
    fireEvent.change(slider, { target: { value: '7' } });
    expect(lastValue()).toEqual(['7']);
    expect(slider).toHaveAttribute('aria-valuetext', 'Selected value: 7');
  });

  it('clicking the thumb where it rests chooses that value and triggers auto flow', () => {
    const { lastValue, onAnswered } = renderWidget(ScaleSlider, widget);
    fireEvent.pointerUp(screen.getByRole('slider'));
    expect(lastValue()).toEqual(['5']);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it('keyboard changes do not trigger auto flow', () => {
    const { onAnswered, lastValue } = renderWidget(ScaleSlider, widget, { value: ['3'] });
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.change(slider, { target: { value: '4' } });
    expect(lastValue()).toEqual(['4']);
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('supports decimal steps', () => {
    const { lastValue } = renderWidget(
      ScaleSlider,
      makeWidget({ subtype: 'scale_slider', settings: { min: 0, max: 2, step: 0.5 } }),
    );
    fireEvent.change(screen.getByRole('slider'), { target: { value: '1.5' } });
    expect(lastValue()).toEqual(['1.5']);
  });

  it('mirrors in right-to-left surveys', () => {
    const { container } = renderWidget(ScaleSlider, widget, { rtl: true });
    expect(container.querySelector('[dir="rtl"]')).toContainElement(screen.getByRole('slider'));
  });
  it('language of parts: the end labels carry textLang, the value text does not', () => {
    const es = makeWidget({ ...widget, settings: { ...widget.settings, min_label: 'Frío', max_label: 'Calor' } });
    const { container } = renderWidget(ScaleSlider, es, { textLang: 'es' });
    expect(langMarks(container)).toEqual(['span Frío=es', 'span Calor=es']);
    const { container: same } = renderWidget(ScaleSlider, es);
    expect(langMarks(same)).toEqual([]);
  });
});
