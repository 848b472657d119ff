import type { SurveyInput } from './survey';

/**
 * A compact survey that uses the main parts of the format: two languages, blocks, choice, text, scale and matrix
 * questions, a validation, a quiz key, a logic rule and a theme. Used by tests and shown in `docs/survey-format.md`.
 */
export const exampleSurvey = {
  survey_id: 42,
  title: { es: 'Encuesta de ejemplo', en: 'Example survey' },
  title_visible: true,
  logo_src: null,
  responses_total: 17,
  script: null,
  alerts: [{ id: 1, page_id: 3 }],
  user_profile: { pack: 'PLUS' },
  response_email: null,
  contact: {
    email: 'owner@example.com',
    custom_fields: [{ name: 'dept', label: { es: 'Departamento', en: 'Department' } }],
  },
  is_open: true,
  close_reason: null,
  config: { progress_bar: true, number_questions: true, is_quiz: false },
  share_config: { end_type: 'PAGE', close_type: 'MSG', answer_later: true },
  theme: 'default',
  theme_obj: { colors: { primary: '#1876FA' }, question_style: 'modern' },
  languages: [
    { code: 'es', is_original: true },
    { code: 'en', is_original: false },
  ],
  logic_list: [
    {
      id: 7,
      page_id: 3,
      match: 'all',
      conditions: [
        { source: 'question', source_type: 'item', reference: '101', operator: 'equals', operator_value: '2' },
      ],
      action: { type: 'jump_page', resource: '5' },
    },
  ],
  pages: [
    {
      id: 3,
      title: { es: 'Inicio', en: 'Start' },
      widgets: [
        { id: 100, is_question: false, subtype: 'text_block', title: { es: 'Bienvenido', en: 'Welcome' } },
        {
          id: 101,
          is_question: true,
          subtype: 'single_radio',
          title: { es: '¿Te gusta?', en: 'Do you like it?' },
          required: true,
          items: [
            { id: 1, value: { es: 'Sí', en: 'Yes' } },
            { id: 2, value: { es: 'No', en: 'No' } },
          ],
          settings: { has_other: true },
          quiz: { correct_item_ids: [1] },
        },
        {
          id: 102,
          is_question: true,
          subtype: 'freetext_input',
          title: 'Email',
          validation: { type: 'email', max_length: 100 },
        },
      ],
    },
    {
      id: 5,
      title: 'Final',
      widgets: [
        { id: 103, is_question: true, subtype: 'scale_nps', title: '¿Nos recomendarías?' },
        {
          id: 104,
          is_question: true,
          subtype: 'other_radio_matrix',
          title: 'Matriz',
          items: [
            { id: 1, value: 'Fila 1' },
            { id: 2, value: 'Fila 2' },
          ],
          col_options: [
            { id: 1, value: 'Mal' },
            { id: 2, value: 'Bien' },
          ],
        },
      ],
    },
  ],
  response_code: null,
  response_is_completed: false,
} satisfies SurveyInput;
