import type { Text } from '@/lib/survey-format/text';
import type { Widget } from '@/lib/survey-format/widget';

/** Sends a file to the upload call (or keeps it until the browser is back online). */
export type UploadPort = {
  /** Resolves with the server's upload id once the file is stored; rejects with a catalogue key. */
  upload(file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<{ id: string }>;
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
  /** Id of the element that holds the question title: every control group is labelled by it. */
  labelId: string;
  /** Id of the element that holds the current error text, when there is one. */
  errorId?: string;
  invalid: boolean;
  disabled?: boolean;
  /** Options hidden by logic rules (show_option / hide_option). */
  hiddenItemIds?: ReadonlySet<number>;
  /** Stable per respondent, so a shuffle keeps its order across reloads. */
  shuffleSeed: string;
  /** Right-to-left language: scales and sliders mirror. */
  rtl: boolean;
  /** Below the 960 px breakpoint: matrices may split into one block per row. */
  mobile: boolean;
  /** Called when a single-choice answer is complete, so auto question flow can move on. */
  onAnswered?: () => void;
  uploads?: UploadPort;
};

/** Content blocks (text, image, video) are not questions and have no answer. */
export type BlockProps = {
  widget: Widget;
  text: (value: Text | null | undefined) => string;
};
