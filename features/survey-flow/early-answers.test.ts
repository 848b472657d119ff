// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { widgetSchema } from '@/lib/survey-format/widget';
import { answerFromForm, EARLY_ANSWERS_SCRIPT, takeEarlyFieldNames } from './early-answers';

function form(html: string): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

const widget = (subtype: string, id = 7) =>
  widgetSchema.parse({
    id,
    subtype,
    title: 'Q',
    items: [
      { id: 1, value: 'A' },
      { id: 2, value: 'B' },
    ],
  });

describe('answers given before hydration', () => {
  it('are noted by the inline script and read back once', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<input type="radio" name="q7" value="2">');
    const radio = element.querySelector('input') as HTMLInputElement;
    radio.checked = true;
    radio.dispatchEvent(new Event('change', { bubbles: true }));
    expect(takeEarlyFieldNames()).toEqual(['q7']);
    expect(takeEarlyFieldNames()).toEqual([]);
  });

  it('decode radios, checkboxes and text', () => {
    const radios = form('<input type="radio" name="q7" value="1"><input type="radio" name="q7" value="2" checked>');
    expect(answerFromForm(widget('single_radio'), radios)).toEqual(['2']);
    const boxes = form(
      '<input type="checkbox" name="q8" value="1" checked><input type="checkbox" name="q8" value="2" checked>',
    );
    expect(answerFromForm(widget('multiple_checkbox', 8), boxes)).toEqual(['1', '2']);
    const text = form('<input type="text" name="q9" value="hello">');
    expect(answerFromForm(widget('freetext_input', 9), text)).toEqual(['hello']);
  });

  it('leave richer widgets to the client', () => {
    const other = form('<input type="radio" name="q10" value="others" checked>');
    expect(answerFromForm(widget('single_radio', 10), other)).toBeNull();
    expect(answerFromForm(widget('freetext_input', 11), form(''))).toBeNull();
  });
});
