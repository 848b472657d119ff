import type { Text } from '@/lib/survey-format/text';
import type { Widget } from '@/lib/survey-format/widget';

/**
 * Keeps a picked file and sends it to the upload call: on this device (IndexedDB) until the server has stored it,
 * so a file picked offline is sent on reconnect, even after a reload.
 */
export type UploadPort = {
  /** Resolves, once the file is kept, with the value the answer holds for it (the server's id once stored). */
  upload(file: Blob, fileName: string): Promise<{ id: string }>;
  /** A value of the answer that is a file picked on this device: its name and whether the server has it yet. */
  describe(value: string): { name: string; state: 'pending' | 'stored' } | null;
  online: boolean;
};

/** What the survey runtime hands every question widget. */
export type WidgetProps = {
  widget: Widget;
  /** This widget's answer, in the content encoding of survey-format.md. */
  value: string[];
  onChange: (next: string[]) => void;
  /** Resolves a survey Text in the respondent's language, with pipe tokens already replaced. */
  text: (value: Text | null | undefined) => string;
  /** The language (a BCP-47 tag) of what `text` returns, when it is not the page's: the `lang` of the elements that show it. */
  textLang?: string;
  /** Id of the element that holds the question title: every control group is labelled by it. */
  labelId: string;
  /**
   * Ids (space-separated) of what describes the answer: the question's description and its current error, when
   * there are. The control group, or each control, is described by them.
   */
  describedBy?: string;
  invalid: boolean;
  /**
   * The fields a free-text matrix's (`"<row id>:<col id>"`) or a freetext_multiple's (`"<item id>"`) error is about,
   * when it names them: only they are invalid.
   */
  invalidCells?: readonly string[];
  disabled?: boolean;
  /** Options hidden by logic rules (show_option / hide_option). */
  hiddenItemIds?: ReadonlySet<number>;
  /** Stable per respondent, so a shuffle keeps its order across reloads. */
  shuffleSeed: string;
  /** Right-to-left language: scales and sliders mirror. */
  rtl: boolean;
  /**
   * Below the 960 px breakpoint: a free-text matrix splits into one block per row. `null` while the width is not
   * known (the server's page, and its hydration, for a user agent that does not say phone): a widget whose layout
   * depends on it draws both, and the stylesheet shows the one for the width, so the take-over changes nothing.
   */
  mobile: boolean | null;
  /** The theme splits option matrices into one block per row at every screen size (`theme.matrix_split`). */
  matrixSplit?: boolean;
  /** Called when a single-choice answer is complete, so auto question flow can move on. */
  onAnswered?: () => void;
  uploads?: UploadPort;
};

/** Content blocks (text, image, video) are not questions and have no answer. */
export type BlockProps = {
  widget: Widget;
  text: (value: Text | null | undefined) => string;
  /** The language (a BCP-47 tag) of what `text` returns, when it is not the page's: the `lang` of the elements that show it. */
  textLang?: string;
};
