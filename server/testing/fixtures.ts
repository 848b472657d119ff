import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { SurveyFileInput } from '@/lib/survey-format/survey';

/**
 * A small survey file for API tests: one page with a choice, a text, a file and a signature question,
 * and one alert. Override any top-level field.
 */
export function testSurveyFile(code: string, overrides: Partial<SurveyFileInput> = {}): SurveyFileInput {
  return {
    survey_id: 1,
    survey_code: code,
    title: { es: 'Encuesta de prueba', en: 'Test survey' },
    languages: [
      { code: 'es', is_original: true },
      { code: 'en', is_original: false },
    ],
    alerts: [{ id: 9, page_id: 1 }],
    user_profile: { pack: 'PLUS' },
    pages: [
      {
        id: 1,
        title: 'Página 1',
        widgets: [
          {
            id: 101,
            subtype: 'single_radio',
            title: { es: '¿Color favorito?', en: 'Favourite colour?' },
            items: [
              { id: 1, value: { es: 'Rojo', en: 'Red' } },
              { id: 2, value: { es: 'Azul, claro', en: 'Light, blue' } },
            ],
            settings: { has_other: true },
          },
          { id: 102, subtype: 'freetext_input', title: 'Comentario "libre"' },
          {
            id: 103,
            subtype: 'other_file_upload',
            title: 'Adjunto',
            settings: { max_files: 2, max_size_mb: 0.01, accepted_types: ['png', 'pdf', 'csv'] },
          },
          { id: 104, subtype: 'other_signature', title: 'Firma' },
          {
            id: 105,
            subtype: 'multiple_checkbox',
            title: 'Opciones',
            items: [
              { id: 1, value: 'A' },
              { id: 2, value: 'B' },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** A minimal valid PNG (1×1, transparent). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A file as the multipart reader leaves it: a temporary file of this instance, for an upload store to keep. */
export function receivedFile(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'received-')), '.incoming');
  writeFileSync(file, bytes);
  return file;
}
