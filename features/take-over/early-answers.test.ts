// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { widgetSchema } from '@/lib/survey-format/widget';
import {
  answerFromForm,
  EARLY_ANSWERS_SCRIPT,
  EARLY_RELOAD_KEY,
  forgetKeptEarlyFields,
  restoreEarlyFieldStates,
  showPendingUntil,
  takeEarlyAction,
  takeEarlyFieldNames,
} from './early-answers';

function form(html: string): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

const makeMatrix = (subtype: string, id: number) =>
  widgetSchema.parse({
    id,
    subtype,
    title: 'M',
    items: [
      { id: 1, value: 'Row 1' },
      { id: 2, value: 'Row 2' },
    ],
    col_options: [
      { id: 5, value: 'Yes' },
      { id: 6, value: 'No' },
    ],
  });

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

  it('survive hydration setting a typed field back to its empty state (React does, for a controlled field)', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form(
      '<input type="text" name="q11"><input type="radio" name="q12" value="1"><input type="radio" name="q12" value="2">' +
        '<input type="checkbox" name="q13" value="2">',
    );
    const [text, first, second, box] = Array.from(element.querySelectorAll('input'));
    text!.value = 'Ana';
    text!.dispatchEvent(new Event('input', { bubbles: true }));
    first!.checked = true;
    first!.dispatchEvent(new Event('change', { bubbles: true }));
    second!.checked = true;
    second!.dispatchEvent(new Event('change', { bubbles: true }));
    box!.checked = true;
    box!.dispatchEvent(new Event('change', { bubbles: true }));
    // Hydration resets them all.
    text!.value = '';
    first!.checked = true;
    box!.checked = false;
    restoreEarlyFieldStates(element);
    expect(answerFromForm(widget('freetext_input', 11), element)).toEqual(['Ana']);
    expect(answerFromForm(widget('single_radio', 12), element)).toEqual(['2']);
    expect(answerFromForm(widget('multiple_checkbox', 13), element)).toEqual(['2']);
    takeEarlyFieldNames();
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

  it('decode several choices in the survey’s item order, as the widget stores them, not the shuffled one', () => {
    const shuffled = widgetSchema.parse({
      id: 14,
      subtype: 'multiple_checkbox',
      title: 'Q',
      items: [1, 2, 3].map((id) => ({ id, value: `Item ${id}` })),
    });
    const boxes = form(
      '<input type="checkbox" name="q14" value="2" checked><input type="checkbox" name="q14" value="1" checked>' +
        '<input type="checkbox" name="q14" value="3"><input type="checkbox" name="q14" value="others" checked>' +
        '<input type="text" name="q14-other" value="Mine">',
    );
    expect(answerFromForm(shuffled, boxes)).toEqual(['1', '2', 'others:|:Mine']);
  });

  it('decode "other" with its text, the matrices and the multi-field texts', () => {
    const other = form(
      '<input type="radio" name="q10" value="1"><input type="radio" name="q10" value="others" checked>' +
        '<input type="text" name="q10-other" value="Mine">',
    );
    expect(answerFromForm(widget('single_radio', 10), other)).toEqual(['others:|:Mine']);
    expect(answerFromForm(widget('freetext_input', 11), form(''))).toBeNull();
    const matrix = makeMatrix('other_radio_matrix', 20);
    const radios = form(
      '<input type="radio" name="q20-1" value="5" checked><input type="radio" name="q20-1" value="6">' +
        '<input type="radio" name="q20-2" value="5"><input type="radio" name="q20-2" value="6">',
    );
    expect(answerFromForm(matrix, radios)).toEqual(['1:|:5', '2:|:empty_row']);
    const cells = form('<select name="q21-2-6"><option value="x" selected>x</option></select>');
    expect(answerFromForm(makeMatrix('other_dropdown_matrix', 21), cells)).toEqual(['2:|:6:|:x']);
    const texts = form('<input name="q22_1" value="a"><input name="q22_2" value="">');
    expect(answerFromForm(widget('freetext_multiple', 22), texts)).toEqual(['1:|:a']);
    expect(answerFromForm(widget('other_ranking', 23), form('<input name="q23" value="1">'))).toBeNull();
  });

  it('keep a field drawn twice (a matrix cell in either layout) the same, so the copy read is never an older one', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<input type="text" name="q9-1-10"><input type="text" name="q9-1-10">');
    const [wide, narrow] = Array.from(element.querySelectorAll('input'));
    wide!.value = 'x';
    wide!.dispatchEvent(new Event('input', { bubbles: true }));
    narrow!.value = 'y';
    narrow!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(wide!.value).toBe('y');
    const matrix = widgetSchema.parse({
      id: 9,
      subtype: 'freetext_matrix',
      title: 'M',
      items: [{ id: 1, value: 'Row' }],
      col_options: [{ id: 10, value: 'Col' }],
    });
    expect(answerFromForm(matrix, element)).toEqual(['1:|:10:|:y']);
    narrow!.value = '';
    narrow!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(answerFromForm(matrix, element)).toEqual([]);
    takeEarlyFieldNames();
  });

  it('read a date or time as the widget stores it, without the seconds a browser may add', () => {
    const datetime = widgetSchema.parse({
      id: 8,
      subtype: 'other_datetime',
      title: 'When',
      settings: { mode: 'datetime' },
    });
    const element = form('<input type="datetime-local" name="q8">');
    element.querySelector('input')!.value = '2026-11-22T10:30:15.000';
    expect(answerFromForm(datetime, element)).toEqual(['2026-11-22T10:30']);
  });

  it('put back no state into a file input, which takes none but empty', () => {
    const element = form('<input type="file" name="q15"><input type="text" name="q16">');
    const [file, text] = Array.from(element.querySelectorAll('input'));
    Object.assign(file!, { __surveyEarly: { v: 'C:\\fakepath\\a.png', c: false } });
    Object.assign(text!, { __surveyEarly: { v: 'Ana', c: false } });
    expect(() => restoreEarlyFieldStates(element)).not.toThrow();
    expect(text!.value).toBe('Ana');
  });

  it('note every field of a widget by the widget', () => {
    takeEarlyFieldNames();
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<input type="text" name="q31_4" value="">');
    const input = element.querySelector('input') as HTMLInputElement;
    input.value = 'typed';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(takeEarlyFieldNames()).toEqual(['q31']);
  });

  it('note a slider released where its thumb rests, which fires no input or change event, as its value', () => {
    takeEarlyFieldNames();
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<input type="range" name="q41" min="0" max="10" value="5">');
    element.id = 'survey-form';
    const slider = element.querySelector('input') as HTMLInputElement;
    slider.dispatchEvent(new Event('pointerup', { bubbles: true }));
    expect(takeEarlyFieldNames()).toEqual(['q41']);
    expect(answerFromForm(widget('scale_slider', 41), element)).toEqual(['5']);
    element.remove();
  });

  it('cancel Shift+Enter in the survey form (the next question, the client’s to carry out), not hold it as Next', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<input type="text" name="q42">');
    element.id = 'survey-form';
    const input = element.querySelector('input') as HTMLInputElement;
    const seen: string[] = [];
    // Stands for the client's handler, which runs after the capturing inline script (or not at all when held).
    element.addEventListener('keydown', (event) => seen.push(event.key));
    const press = (shiftKey: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press(true)).toBe(true);
    expect(seen).toEqual([]);
    expect(document.documentElement.dataset.pendingAction).toBeUndefined();
    // Enter alone submits the form, which is held as Next.
    expect(press(false)).toBe(false);
    expect(seen).toEqual(['Enter']);

    document.documentElement.dataset.hydrated = 'true';
    expect(press(true)).toBe(false);
    expect(seen).toEqual(['Enter', 'Enter']);
    delete document.documentElement.dataset.hydrated;
    element.remove();
  });

  it('refuse a tick that would take a group past its max_selections, "other" included, as the client does', () => {
    takeEarlyFieldNames();
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form(
      '<div role="group" data-max-selections="2">' +
        ['1', '2', '3', 'others'].map((value) => `<input type="checkbox" name="q17" value="${value}">`).join('') +
        '<input type="text" name="q17-other"></div>',
    );
    const [tea, coffee, juice, other] = Array.from(element.querySelectorAll<HTMLInputElement>('[type="checkbox"]'));
    tea!.click();
    coffee!.click();
    juice!.click();
    other!.click();
    expect([tea, coffee, juice, other].map((box) => box!.checked)).toEqual([true, true, false, false]);
    expect(answerFromForm(widget('multiple_checkbox', 17), element)).toEqual(['1', '2']);
    // A tick taken back frees its place.
    tea!.click();
    other!.click();
    expect([tea, coffee, juice, other].map((box) => box!.checked)).toEqual([false, true, false, true]);
    expect(takeEarlyFieldNames()).toEqual(['q17']);
    // Once the client has taken over, the group is its to limit (it disables the rest at the maximum).
    document.documentElement.dataset.hydrated = 'true';
    juice!.click();
    expect(juice!.checked).toBe(true);
    delete document.documentElement.dataset.hydrated;
    element.remove();
  });

  it('take a file dragged onto the page from the browser, which would open it in the tab, into a drop zone’s input', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form('<p>Your name</p><div data-file-drop><p>Drop here</p><input type="file" name="q18"></div>');
    const [elsewhere, zone] = Array.from(element.querySelectorAll('p'));
    const input = element.querySelector('input')!;
    const handedOver: unknown[] = [];
    Object.defineProperty(input, 'files', { set: (files: unknown) => handedOver.push(files) });
    const dropped = [new File(['My CV'], 'cv.txt')];
    // jsdom has no DragEvent: an event with the drag's data, as the browser gives it.
    const drag = (target: Element, types: string[]) =>
      ['dragenter', 'dragover', 'drop'].map((type) => {
        const event = new Event(type, { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'dataTransfer', {
          value: { types, files: types.includes('Files') ? dropped : [] },
        });
        target.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(drag(elsewhere!, ['Files'])).toEqual([true, true, true]);
    expect(handedOver).toEqual([]);
    expect(drag(zone!, ['Files'])).toEqual([true, true, true]);
    expect(handedOver.at(-1)).toBe(dropped);
    // Text dragged into a field is the browser's to drop, as it is the client's.
    handedOver.length = 0;
    expect(drag(zone!, ['text/plain'])).toEqual([false, false, false]);
    // A drag event without its data (a page's own) or on a text node is let be, without an error.
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    zone!.dispatchEvent(new Event('drop', { bubbles: true, cancelable: true }));
    const textNode = zone!.firstChild!;
    const onText = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(onText, 'dataTransfer', { value: { types: ['Files'], files: dropped } });
    textNode.dispatchEvent(onText);
    textNode.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(onText.defaultPrevented).toBe(true);
    expect(handedOver).toEqual([]);
    document.documentElement.dataset.hydrated = 'true';
    expect(drag(zone!, ['Files'])).toEqual([false, false, false]);
    expect(handedOver).toEqual([]);
    delete document.documentElement.dataset.hydrated;
    element.remove();
  });

  it('show a question’s hidden "Next question" link once a field of it holds an answer, and hide it again', () => {
    delete document.documentElement.dataset.hydrated;
    new Function(EARLY_ANSWERS_SCRIPT)();
    const link = '<div data-next-question hidden><a href="#question-9">Next question</a></div>';
    const element = form(
      `<section data-widget-id="7"><input type="checkbox" name="q7" value="1">` +
        `<input type="checkbox" name="q7" value="others"><input type="text" name="q7-other">${link}</section>` +
        `<section data-widget-id="8"><input type="text" name="q8">${link}</section>`,
    );
    const [box, other, otherText, typed] = Array.from(element.querySelectorAll('input'));
    const linkOf = (id: number) => element.querySelector<HTMLElement>(`[data-widget-id="${id}"] [data-next-question]`)!;
    const touch = (field: HTMLInputElement, type: string) => field.dispatchEvent(new Event(type, { bubbles: true }));
    const tick = (field: HTMLInputElement, checked: boolean) => {
      field.checked = checked;
      touch(field, 'change');
    };
    const type = (field: HTMLInputElement, value: string) => {
      field.value = value;
      touch(field, 'input');
    };

    tick(box!, true);
    expect([linkOf(7).hidden, linkOf(8).hidden]).toEqual([false, true]);
    tick(box!, false);
    expect(linkOf(7).hidden).toBe(true);

    // The text beside "other" answers only with its box ticked, as the client reads it.
    tick(other!, true);
    type(otherText!, 'Teal');
    expect(linkOf(7).hidden).toBe(false);
    tick(other!, false);
    expect(linkOf(7).hidden).toBe(true);

    type(typed!, 'A');
    expect(linkOf(8).hidden).toBe(false);
    // Blank, as isBlank reads it (spaces, a zero-width space): no answer.
    type(typed!, ' \u200b ');
    expect(linkOf(8).hidden).toBe(true);

    // After the take-over the client shows it.
    document.documentElement.dataset.hydrated = 'true';
    tick(box!, true);
    expect(linkOf(7).hidden).toBe(true);
    delete document.documentElement.dataset.hydrated;
  });

  it('hold the password gate’s submit until the client has taken over, then submit it again, once', () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const gate = form('<input type="password" name="password" value="demo">');
    gate.dataset.earlyAction = 'access';
    const seen: boolean[] = [];
    // Stands for the client's handler, which runs after the capturing inline script (or not at all when held).
    gate.addEventListener('submit', (event) => {
      seen.push(event.defaultPrevented);
      event.preventDefault();
    });
    const early = new Event('submit', { bubbles: true, cancelable: true });
    gate.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    expect(document.documentElement.dataset.pendingAction).toBe('access');

    document.documentElement.dataset.hydrated = 'true';
    expect(takeEarlyAction()).toBeNull();
    expect(seen).toEqual([false]);
    expect(document.documentElement.dataset.pendingAction).toBeUndefined();
    expect(takeEarlyAction()).toBeNull();
    expect(seen).toEqual([false]);
    delete document.documentElement.dataset.hydrated;
    gate.remove();
  });

  it('hold a click on another control that names its action, then click it again once, for the client', async () => {
    new Function(EARLY_ANSWERS_SCRIPT)();
    const trigger = document.createElement('button');
    trigger.type = 'button';
    trigger.dataset.surveyAction = 'answer-later';
    document.body.append(trigger);
    const seen: boolean[] = [];
    // Stands for the client's handler, which runs after the capturing inline script (or not at all when held).
    trigger.addEventListener('click', () => seen.push(document.documentElement.dataset.hydrated === 'true'));
    trigger.click();
    expect(seen).toEqual([]);
    expect(document.documentElement.dataset.pendingAction).toBe('answer-later');

    document.documentElement.dataset.hydrated = 'true';
    expect(takeEarlyAction()).toBeNull();
    await Promise.resolve();
    expect(seen).toEqual([true]);
    expect(takeEarlyAction()).toBeNull();
    await Promise.resolve();
    expect(seen).toEqual([true]);
    delete document.documentElement.dataset.hydrated;
    trigger.remove();
  });
});

describe('showPendingUntil', () => {
  const pending = () => document.documentElement.dataset.pendingAction;

  /** What carries a press out, and the function that ends it. */
  const carrying = () => {
    let carryOut = () => {};
    const done = new Promise<void>((resolve) => {
      carryOut = resolve;
    });
    return { done, carryOut };
  };

  it('shows the press pending until what carries it out settles, fulfilled or not', async () => {
    const { done, carryOut } = carrying();
    showPendingUntil('next', done);
    expect(pending()).toBe('next');
    await Promise.resolve();
    expect(pending()).toBe('next');
    carryOut();
    await vi.waitFor(() => expect(pending()).toBeUndefined());

    showPendingUntil('back', Promise.reject(new Error('chunk failed')));
    expect(pending()).toBe('back');
    await vi.waitFor(() => expect(pending()).toBeUndefined());
  });

  it('clears it within the task when the press is carried out at once, so it is never painted', async () => {
    showPendingUntil('next', Promise.resolve());
    await Promise.resolve();
    expect(pending()).toBeUndefined();
  });

  it('leaves a later press’s pending look alone', async () => {
    const { done, carryOut } = carrying();
    showPendingUntil('next', done);
    showPendingUntil('back', carrying().done);
    carryOut();
    await Promise.resolve();
    await Promise.resolve();
    expect(pending()).toBe('back');
    delete document.documentElement.dataset.pendingAction;
  });
});

describe('answers given before the take-over, across a reload before it', () => {
  const page =
    '<input type="text" name="q11"><input type="radio" name="q12" value="1"><input type="radio" name="q12" value="2">' +
    '<input type="checkbox" name="q13" value="1"><input type="checkbox" name="q13" value="2">' +
    '<input type="radio" name="q14" value="others"><input type="text" name="q14-other"><input type="file" name="q15">';
  const key = EARLY_RELOAD_KEY + window.location.pathname + window.location.search;

  /** The page as the server sends it again, its inline script run and its parse finished. */
  function reload(at = Date.now()): HTMLFormElement {
    window.dispatchEvent(new Event('pagehide'));
    document.body.replaceChildren();
    takeEarlyFieldNames();
    vi.setSystemTime(at);
    new Function(EARLY_ANSWERS_SCRIPT)();
    const element = form(page);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    return element;
  }

  function answer(element: HTMLFormElement) {
    const typed = element.querySelector<HTMLInputElement>('[name="q11"]')!;
    typed.value = 'Ana';
    typed.dispatchEvent(new Event('input', { bubbles: true }));
    for (const selector of ['[name="q12"][value="2"]', '[name="q13"][value="2"]', '[name="q14"]']) {
      const choice = element.querySelector<HTMLInputElement>(selector)!;
      choice.checked = true;
      choice.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const other = element.querySelector<HTMLInputElement>('[name="q14-other"]')!;
    other.value = 'Teal';
    other.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('are kept by the page left and put back into the next one, noted as touched, once', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    delete document.documentElement.dataset.hydrated;
    document.body.replaceChildren();
    new Function(EARLY_ANSWERS_SCRIPT)();
    answer(form(page));
    const element = reload();
    expect(takeEarlyFieldNames().sort()).toEqual(['q11', 'q12', 'q13', 'q14']);
    // Hydration resets them; the take-over puts them back and reads them.
    element.querySelector<HTMLInputElement>('[name="q11"]')!.value = '';
    restoreEarlyFieldStates(element);
    expect(answerFromForm(widget('freetext_input', 11), element)).toEqual(['Ana']);
    expect(answerFromForm(widget('single_radio', 12), element)).toEqual(['2']);
    expect(answerFromForm(widget('multiple_checkbox', 13), element)).toEqual(['2']);
    expect(answerFromForm(widget('single_radio', 14), element)).toEqual(['others:|:Teal']);
    expect(window.sessionStorage.getItem(key)).toBeNull();
    // Read once: a second reload with nothing touched puts nothing back.
    document.documentElement.dataset.hydrated = 'true';
    const again = reload();
    delete document.documentElement.dataset.hydrated;
    expect(again.querySelector<HTMLInputElement>('[name="q11"]')!.value).toBe('');
    vi.useRealTimers();
  });

  it('show, when put back, the "Next question" link of the question they answer', () => {
    delete document.documentElement.dataset.hydrated;
    document.body.replaceChildren();
    new Function(EARLY_ANSWERS_SCRIPT)();
    const section =
      '<section data-widget-id="11"><input type="text" name="q11">' +
      '<div data-next-question hidden><a href="#question-12">Next question</a></div></section>';
    const first = form(section);
    const typed = first.querySelector<HTMLInputElement>('[name="q11"]')!;
    typed.value = 'Ana';
    typed.dispatchEvent(new Event('input', { bubbles: true }));
    window.dispatchEvent(new Event('pagehide'));
    document.body.replaceChildren();
    takeEarlyFieldNames();
    new Function(EARLY_ANSWERS_SCRIPT)();
    const again = form(section);
    expect(again.querySelector<HTMLElement>('[data-next-question]')!.hidden).toBe(true);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(again.querySelector<HTMLElement>('[data-next-question]')!.hidden).toBe(false);
    takeEarlyFieldNames();
  });

  it('are not kept by a page that had taken over, nor put back from an earlier visit', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    delete document.documentElement.dataset.hydrated;
    document.body.replaceChildren();
    new Function(EARLY_ANSWERS_SCRIPT)();
    answer(form(page));
    // Three minutes later: an earlier visit's, older than what the stores hold since.
    const late = reload(Date.now() + 180_000);
    expect(late.querySelector<HTMLInputElement>('[name="q11"]')!.value).toBe('');
    expect(takeEarlyFieldNames()).toEqual([]);
    answer(late);
    // Kept as it is answered: a page whose fields are gone by pagehide (a chunk that failed) still leaves them.
    expect(window.sessionStorage.getItem(key)).not.toBeNull();
    document.documentElement.dataset.hydrated = 'true';
    forgetKeptEarlyFields();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.sessionStorage.getItem(key)).toBeNull();
    // Kept by a page then shown again from the back-forward cache, which took over: forgotten at the take-over.
    delete document.documentElement.dataset.hydrated;
    window.dispatchEvent(new Event('pagehide'));
    expect(window.sessionStorage.getItem(key)).not.toBeNull();
    forgetKeptEarlyFields();
    expect(window.sessionStorage.getItem(key)).toBeNull();
    takeEarlyFieldNames();
    vi.useRealTimers();
  });
});
