import zlib from 'node:zlib';
import type { Locator, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectStoredResponse, hydrated, importSurvey, waitForCreatedResponse } from './support';

/**
 * demo-all-widgets answered with the keyboard only: Tab / Shift+Tab to move, arrows inside radio groups, Space
 * to check, Enter to press buttons, typing for text. The two pointer-only exceptions the product allows: files go
 * in through the file input, and the signature is drawn with the mouse (then saved with the keyboard).
 */

/** True when focus is on `target` or inside it. */
async function holdsFocus(target: Locator): Promise<boolean> {
  return target
    .first()
    .evaluate((element) => element === document.activeElement || element.contains(document.activeElement))
    .catch(() => false);
}

/** Presses `key` `times` times. */
async function press(page: Page, key: string, times: number) {
  for (let count = 0; count < times; count += 1) await page.keyboard.press(key);
}

/**
 * Moves focus to `target` the way a keyboard user does: Tab forward, and if it is not ahead, Shift+Tab back.
 * Fails when neither reaches it (an element Tab cannot reach is a bug worth failing on).
 */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let count = 0; count < (key === 'Tab' ? limit : limit * 2); count += 1) {
      if (await holdsFocus(target)) return;
      await page.keyboard.press(key);
    }
  }
  expect(await holdsFocus(target), `keyboard focus never reached ${target.toString()}`).toBe(true);
}

/** Presses an arrow key inside a radio group until `target` has focus (arrows wrap around a group). */
async function arrowTo(
  page: Page,
  target: Locator,
  key: 'ArrowRight' | 'ArrowDown' | 'ArrowLeft' | 'ArrowUp',
  limit = 12,
) {
  for (let count = 0; count < limit; count += 1) {
    if (await holdsFocus(target)) break;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  await expect(target).toBeChecked();
}

/** A one-page PDF's worth of bytes: the server checks the magic number, not the name. */
function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
}

/** A minimal ZIP holding word/document.xml: what the server recognises as a .docx container. */
function docxBytes(): Buffer {
  const name = Buffer.from('word/document.xml');
  const data = Buffer.from('<w:document xmlns:w="urn:x"/>');
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Upload ids the server gave, by file name, as the page receives them. */
function recordUploads(page: Page): Map<string, string> {
  const ids = new Map<string, string>();
  page.on('response', async (response: Response) => {
    if (response.request().method() !== 'POST' || !new URL(response.url()).pathname.endsWith('/v1/upload/file/'))
      return;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: string | number; name: string };
    ids.set(body.name, String(body.id));
  });
  return ids;
}

async function goNextByKeyboard(page: Page, name: 'Next' | 'Finish' = 'Next') {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** Page 1: every choice question. */
async function answerChoices(page: Page) {
  // 101 single_select (required): arrows only browse; Space on the checked option confirms and auto flow moves on.
  await tabTo(page, page.getByRole('radiogroup', { name: /Which country do you live in/ }));
  await expect(page.getByRole('radio', { name: 'Spain' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Mexico' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Mexico' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'On foot' })).toBeFocused();

  // 102 single_radio with "other": arrow onto it, Tab into its text field.
  await arrowTo(page, page.getByRole('radio', { name: 'Another way' }), 'ArrowDown');
  await expect(page.getByRole('radio', { name: 'Another way' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Another way' })).toBeFocused();
  await page.keyboard.type('Scooter');

  // 103 single_select_image.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Beach' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Mountains' })).toBeChecked();
  await page.keyboard.press('Space');
  // 104 multiple_select, at most 3: Spanish, German, then back to English.
  await expect(page.getByRole('checkbox', { name: 'Spanish' })).toBeFocused();
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: 'German' }));
  await page.keyboard.press('Space');
  await press(page, 'Shift+Tab', 2);
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Portuguese' })).toBeDisabled();

  // 105 multiple_checkbox (shuffled), with "other": Space on "Other" moves focus into its field. Its description is
  // read with its options.
  await expect(page.getByRole('group', { name: /Which sports do you play/ })).toHaveAccessibleDescription(
    'Choose between 1 and 3.',
  );
  await tabTo(page, page.getByRole('checkbox', { name: 'Swimming' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: 'Other', exact: true }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('textbox', { name: 'Other', exact: true })).toBeFocused();
  await page.keyboard.type('Climbing');

  // 106 multiple_image.
  await tabTo(page, page.getByRole('checkbox', { name: 'Tacos' }));
  await page.keyboard.press('Space');
  await press(page, 'Tab', 2);
  await expect(page.getByRole('checkbox', { name: 'Empanadas' })).toBeFocused();
  await page.keyboard.press('Space');
}

const CHOICE_CONTENT = {
  '101': ['2'],
  '102': ['others:|:Scooter'],
  '103': ['2'],
  '104': ['1', '2', '4'],
  '105': ['3', 'others:|:Climbing'],
  '106': ['2', '4'],
};

/** Page 2: stars, stars matrix, slider, semantic, numeric, NPS. */
async function answerScales(page: Page) {
  await expect(page.getByRole('heading', { name: 'Scales' })).toBeVisible();
  const stars = page.getByRole('radiogroup', { name: /How do you rate our service/ });
  await tabTo(page, stars);
  await arrowTo(page, stars.getByRole('radio', { name: '4 stars' }), 'ArrowRight');
  await page.keyboard.press('Space');

  // 202: Cleanliness 2, Comfort 5, Breakfast left unrated.
  const matrix = page.getByRole('group', { name: /Rate each aspect of the hotel/ });
  await expect(matrix.getByRole('radiogroup', { name: 'Cleanliness' }).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await arrowTo(
    page,
    matrix.getByRole('radiogroup', { name: 'Comfort' }).getByRole('radio', { name: '5 stars' }),
    'ArrowRight',
  );

  // 203 slider 0..12 step 0.5: starts unanswered in the middle (6); three steps right is 7.5.
  const slider = page.getByRole('slider', { name: /How many hours do you sleep/ });
  await tabTo(page, slider);
  await expect(slider).toHaveAttribute('aria-valuetext', 'No answer');
  await press(page, 'ArrowRight', 3);
  await expect(slider).toHaveAttribute('aria-valuetext', 'Selected value: 7.5');

  // 204 semantic: Slow–Fast 4, Confusing–Clear 1, Boring–Fun unanswered.
  await tabTo(page, page.getByRole('radiogroup', { name: 'Slow – Fast' }));
  await arrowTo(
    page,
    page.getByRole('radiogroup', { name: 'Slow – Fast' }).getByRole('radio', { name: '4' }),
    'ArrowRight',
  );
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('radiogroup', { name: 'Confusing – Clear' }).getByRole('radio', { name: '1' }),
  ).toBeFocused();
  await page.keyboard.press('Space');

  // 205 numeric 1..10: 7, confirmed with Space (auto flow to the NPS).
  const numeric = page.getByRole('radiogroup', { name: /how hard was it to find/ });
  await tabTo(page, numeric);
  await arrowTo(page, numeric.getByRole('radio', { name: '7', exact: true }), 'ArrowRight');
  await page.keyboard.press('Space');
  const nps = page.getByRole('radiogroup', { name: /Would you recommend our company/ });
  await expect(nps.getByRole('radio').first()).toBeFocused();
  await arrowTo(page, nps.getByRole('radio', { name: '9', exact: true }), 'ArrowRight');
}

const SCALE_CONTENT = {
  '201': ['4'],
  '202': ['1:|:2', '2:|:5'],
  '203': ['7.5'],
  '204': ['1:|:4', '2:|:1', '3:|:empty_row'],
  '205': ['7'],
  '206': ['9'],
};

/** Page 3: radio, checkbox and dropdown matrices, text matrix, summation. `split`: the mobile layout. */
async function answerMatrices(page: Page) {
  await expect(page.getByRole('heading', { name: 'Matrices' })).toBeVisible();
  // 301 (rows shuffled): Online banking → Often, Branch → Always, Cash machine unanswered.
  await tabTo(page, page.locator('input[name="q301-1"]'));
  await arrowTo(page, page.getByRole('radio', { name: 'Online banking, Often' }), 'ArrowRight');
  await tabTo(page, page.locator('input[name="q301-3"]'));
  await arrowTo(page, page.getByRole('radio', { name: 'Branch, Always' }), 'ArrowRight');

  // 302 checkboxes, at most 2 per row: Coffee morning + afternoon, Tea evening, Juice nothing.
  for (const name of ['Coffee, Morning', 'Coffee, Afternoon', 'Tea, Evening']) {
    await tabTo(page, page.getByRole('checkbox', { name }));
    await page.keyboard.press('Space');
  }
  await expect(page.getByRole('checkbox', { name: 'Coffee, Evening' })).toBeDisabled();

  // 303 dropdowns: a closed select changes with the arrow keys.
  await tabTo(page, page.getByRole('combobox', { name: 'Go to the cinema, Alone' }));
  await press(page, 'ArrowDown', 2);
  await expect(page.getByRole('combobox', { name: 'Go to the cinema, Alone' })).toHaveValue('2');
  await tabTo(page, page.getByRole('combobox', { name: 'Eat out, With others' }));
  await press(page, 'ArrowDown', 3);
  await expect(page.getByRole('combobox', { name: 'Eat out, With others' })).toHaveValue('3');

  // 304 text matrix (numbers).
  await tabTo(page, page.getByRole('textbox', { name: /^(Food, You|You)$/ }).first());
  await page.keyboard.type('250');
  await tabTo(page, page.locator('input[name="q304_2_2"]'));
  await page.keyboard.type('80');

  // 305 summation to 100.
  await tabTo(page, page.getByRole('textbox', { name: 'Price' }));
  await page.keyboard.type('50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await expect(page.getByText('Total: 100 of 100')).toBeVisible();
}

const MATRIX_CONTENT = {
  '301': ['1:|:3', '2:|:empty_row', '3:|:4'],
  '302': ['1:|:1', '1:|:2', '2:|:3', '3:|:empty_row'],
  '303': ['1:|:1:|:2', '2:|:2:|:3'],
  '304': ['1:|:1:|:250', '2:|:2:|:80'],
  '305': ['1:|:50', '2:|:30', '3:|:20'],
};

test.describe('every widget by keyboard', () => {
  test('demo-all-widgets answered with the keyboard only; the backend holds each answer in the exact encoding', async ({
    page,
    request,
  }) => {
    const created = waitForCreatedResponse(page);
    const uploads = recordUploads(page);
    await page.goto('/en/survey/demo-all-widgets');
    await hydrated(page);

    await answerChoices(page);
    await goNextByKeyboard(page);
    await answerScales(page);
    await goNextByKeyboard(page);
    await answerMatrices(page);
    await goNextByKeyboard(page);

    // Page 4: text, date and time, ranking, files, signature.
    await expect(page.getByRole('heading', { name: 'Text, dates and files' })).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: /What is your job/ }));
    await page.keyboard.type('Nurse');
    // The question's "Next question" link is the next Tab stop, then the comment box.
    await tabTo(page, page.getByRole('textbox', { name: /Tell us about your last experience/ }), 3);
    await page.keyboard.type('Great staff');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Will come back');

    // 403 datetime-local, typed segment by segment (en-US order: month, day, year, hour, minute, AM/PM). Its years
    // have four digits (max 9999), so the fourth moves on to the hour, as each full segment does.
    const when = page.getByRole('textbox', { name: 'When should we call you?' });
    await tabTo(page, when);
    await page.keyboard.type('11222026');
    await page.keyboard.type('1030AM');
    await expect(when).toHaveValue('2026-11-22T10:30');
    await expect(page.getByText('22/11/2026 10:30')).toBeVisible();

    // 404 ranking with the always-visible move buttons (Enter); focus follows the moved item.
    const ranking = page.getByRole('group', { name: /Rank these benefits/ });
    await tabTo(page, ranking.getByRole('button', { name: 'Move up, Training' }));
    await page.keyboard.press('Enter');
    await expect(ranking.getByRole('button', { name: 'Move up, Training' })).toBeFocused();
    await expect(ranking.getByRole('listitem')).toHaveText([
      /Remote work/,
      /Training/,
      /Flexible hours/,
      /Health insurance/,
    ]);
    await tabTo(page, ranking.getByRole('button', { name: 'Move up, Health insurance' }));
    await page.keyboard.press('Enter');
    await expect(ranking.getByRole('button', { name: 'Move up, Health insurance' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ranking.getByRole('listitem')).toHaveText([
      /Remote work/,
      /Health insurance/,
      /Training/,
      /Flexible hours/,
    ]);

    // 405 files: the input is reached by Tab; the files themselves come through the input.
    const fileInput = page.locator('input[type=file][name="q405"]');
    await tabTo(page, fileInput);
    await fileInput.setInputFiles([
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      {
        name: 'letter.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docxBytes(),
      },
    ]);
    const files = page.locator('#question-405 li');
    await expect(files).toHaveCount(2);
    await expect(files.nth(0)).toContainText('cv.pdf uploaded');
    await expect(files.nth(1)).toContainText('letter.docx uploaded');

    // 406 signature: drawn with the mouse (inherently pointer-only), saved with the keyboard.
    const pad = page.getByRole('img', { name: 'Signature area' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 === 0 ? -15 : 15));
    }
    await page.mouse.up();
    await tabTo(page, page.getByRole('button', { name: 'Save signature' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('#question-406').getByRole('status')).toHaveText('Signature saved');

    await goNextByKeyboard(page, 'Finish');
    await expect(page.getByText('Thank you for responding to our survey!')).toBeVisible();

    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.completed).toBe(true);
      expect(stored.content).toMatchObject({ ...CHOICE_CONTENT, ...SCALE_CONTENT, ...MATRIX_CONTENT });
      expect(stored.content['401']).toEqual(['Nurse']);
      expect(stored.content['402']).toEqual(['Great staff\nWill come back']);
      expect(stored.content['403']).toEqual(['2026-11-22T10:30']);
      expect(stored.content['404']).toEqual(['1', '4', '3', '2']);
      expect(uploads.size).toBe(3);
      expect(stored.content['405']).toEqual([uploads.get('cv.pdf'), uploads.get('letter.docx')]);
      expect(stored.content['406']).toEqual([uploads.get('signature.png')]);
      // Blocks have no answer.
      for (const block of ['100', '200', '400', '407']) expect(stored.content[block] ?? []).toEqual([]);
    });
  });
});

test.describe('mobile @mobile', () => {
  test.skip(({ isMobile }) => !isMobile, 'runs in the mobile project (390 px)');

  test('choices and the matrices at 390 px by keyboard; the split text matrix is labelled by its columns @mobile', async ({
    page,
    request,
  }) => {
    const created = waitForCreatedResponse(page);
    await page.goto('/en/survey/demo-all-widgets');
    await hydrated(page);
    expect(page.viewportSize()?.width).toBe(390);
    await answerChoices(page);
    await goNextByKeyboard(page);
    await answerScales(page);
    await goNextByKeyboard(page);
    await answerMatrices(page);
    const matrix = page.getByRole('group', { name: /How much do you spend a month/ });
    await expect(
      matrix.getByRole('group', { name: 'Food' }).getByRole('textbox', { name: 'You', exact: true }),
    ).toHaveValue('250');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectStoredResponse(request, await created, (stored) => {
      expect(stored.content).toMatchObject({ ...CHOICE_CONTENT, ...SCALE_CONTENT, ...MATRIX_CONTENT });
    });
  });
});

test('an unanswered slider shows an empty track in both directions, and fills from its own start once answered', async ({
  browser,
}) => {
  importSurvey({
    survey_code: 'widgets-slider-directions',
    survey_id: 9510,
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    pages: [
      {
        id: 1,
        widgets: [{ id: 1, subtype: 'scale_slider', title: 'How far?', settings: { min: 0, max: 10, step: 1 } }],
      },
    ],
  });
  const looks: Record<string, string> = {};
  for (const lang of ['en', 'ar']) {
    // A browser each: the answer given in one would be restored in the other.
    const context = await browser.newContext();
    const page = await context.newPage();
    const slider = page.getByRole('slider', { name: 'How far?' });
    const track = () => slider.evaluate((element) => getComputedStyle(element).backgroundImage);
    await page.goto(`/${lang}/survey/widgets-slider-directions`);
    await hydrated(page);
    looks[lang] = await track();
    await slider.focus();
    await page.keyboard.press('End');
    expect(await track(), lang).toContain(lang === 'ar' ? 'to left' : 'to right');
    await context.close();
  }
  // One plain track before the first choice: before, right to left painted half of it in the primary colour.
  expect(looks.ar).toBe(looks.en);
  expect(looks.en).not.toMatch(/to (left|right)/);
});

test('at 390 px, long words and URLs wrap inside the card: titles, scale labels, the NPS buttons and the slider', async ({
  browser,
}) => {
  const long = 'Höchstunwahrscheinlichkeitsbetrachtung';
  const url = 'https://www.example.com/eine/sehr/lange/adresse/ohne/leerzeichen/bis/zum/ende';
  const labels = { min_label: long, max_label: `${long}sergebnis` };
  importSurvey({
    survey_code: 'widgets-long-words',
    survey_id: 9511,
    title: `Kundenzufriedenheitsbefragungsergebnisse ${url}`,
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    pages: [
      {
        id: 1,
        title: url,
        widgets: [
          { id: 1, subtype: 'scale_nps', title: `Wie wahrscheinlich ${long}?`, settings: labels },
          { id: 2, subtype: 'scale_numeric', title: url, description: url, settings: labels },
          { id: 3, subtype: 'scale_slider', title: 'Slider', settings: labels },
        ],
      },
    ],
  });
  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/${lang}/survey/widgets-long-words`);
    await hydrated(page);
    // Every element of the survey's box lies within it: before, the long labels widened each question past the
    // card, and the box clipped NPS's 10, the numeric scale's 7, the slider's end and the titles.
    const outside = await page.locator('main').evaluate((main) => {
      const box = main.getBoundingClientRect();
      return [...main.querySelectorAll('*')]
        .map((element) => ({ element, rect: element.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && (rect.left < box.left - 1 || rect.right > box.right + 1))
        .map(({ element }) => `${element.tagName}.${element.className} ${element.textContent?.slice(0, 30)}`);
    });
    expect(outside, lang).toEqual([]);
    await expect(page.getByRole('radio', { name: '10' }).first()).toBeInViewport({ ratio: 1 });
    await context.close();
  }
});

test('at 390 px, a matrix wider than the screen fades its cut columns until the end is scrolled to, in both directions', async ({
  browser,
}) => {
  const columns = ['Never', 'Rarely', 'Sometimes', 'Often', 'Always'].map((value, index) => ({ id: index + 1, value }));
  importSurvey({
    survey_code: 'widgets-matrix-fade',
    survey_id: 9512,
    user_profile: { pack: 'PLUS' },
    languages: [{ code: 'en', is_original: true }],
    pages: [
      {
        id: 1,
        widgets: [
          {
            id: 1,
            subtype: 'other_radio_matrix',
            title: 'How often?',
            items: [{ id: 1, value: 'Online banking' }],
            col_options: columns,
          },
          {
            id: 2,
            subtype: 'other_radio_matrix',
            title: 'Fits',
            items: [{ id: 1, value: 'Branch' }],
            col_options: columns.slice(0, 2),
          },
        ],
      },
    ],
  });
  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/${lang}/survey/widgets-matrix-fade`);
    await hydrated(page);
    const boxOf = (title: string) => page.getByRole('table', { name: title }).locator('xpath=..');
    const look = (title: string) =>
      boxOf(title).evaluate((box) => ({
        fade: getComputedStyle(box).getPropertyValue('--columns-fade'),
        mask: getComputedStyle(box).maskImage,
      }));
    const wide = await look('How often?');
    expect(wide.fade, lang).toBe('40px');
    expect(wide.mask, lang).toContain(lang === 'ar' ? 'to right' : 'to left');
    // A table that fits has nothing to scroll, and no fade.
    expect((await look('Fits')).fade, lang).toBe('0px');
    // Scrolled to its end, nothing is cut: the fade is gone.
    await boxOf('How often?').evaluate((box) =>
      box.scrollTo({ left: box.getAttribute('dir') === 'rtl' ? -box.scrollWidth : box.scrollWidth }),
    );
    await expect
      .poll(async () => Number.parseFloat((await look('How often?')).fade), { message: lang })
      .toBeLessThan(1);
    await context.close();
  }
});
