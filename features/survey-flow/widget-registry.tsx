'use client';

import dynamic from 'next/dynamic';
import { createContext, useContext, useEffect, type ComponentType } from 'react';
import type { BlockProps, WidgetProps } from '@/features/widgets/types';
import type { BlockSubtype, QuestionSubtype } from '@/lib/survey-format/widget-kinds';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Subtype → widget module, each in its own chunk: a survey ships only the code of the widgets it uses (no
 * `signature_pad` or `@dnd-kit` without a signature or ranking question). Import paths are literal so the bundler
 * can split them, and this one table serves both rendering and `preloadWidgets`, so both ask for the same chunk.
 */
const questionModules: Record<QuestionSubtype, Loader<WidgetProps>> = {
  single_select: () => import('@/features/widgets/choice/single-choice'),
  single_radio: () => import('@/features/widgets/choice/single-choice'),
  single_select_image: () => import('@/features/widgets/choice/single-choice'),
  multiple_select: () => import('@/features/widgets/choice/multiple-choice'),
  multiple_checkbox: () => import('@/features/widgets/choice/multiple-choice'),
  multiple_image: () => import('@/features/widgets/choice/multiple-choice'),
  scale_stars: () => import('@/features/widgets/scale/scale-stars'),
  scale_slider: () => import('@/features/widgets/scale/scale-slider'),
  scale_semantic: () => import('@/features/widgets/scale/semantic-scale'),
  scale_numeric: () => import('@/features/widgets/scale/numeric-scale'),
  scale_nps: () => import('@/features/widgets/scale/nps-scale'),
  scale_stars_matrix: () => import('@/features/widgets/matrix/stars-matrix'),
  other_radio_matrix: () => import('@/features/widgets/matrix/radio-matrix'),
  other_checkbox_matrix: () => import('@/features/widgets/matrix/checkbox-matrix'),
  other_dropdown_matrix: () => import('@/features/widgets/matrix/dropdown-matrix'),
  other_ranking: () => import('@/features/widgets/ranking/other-ranking'),
  other_datetime: () => import('@/features/widgets/datetime/other-datetime'),
  other_file_upload: () => import('@/features/widgets/file-upload/other-file-upload'),
  other_signature: () => import('@/features/widgets/signature/other-signature'),
  freetext_input: () => import('@/features/widgets/text/freetext-input'),
  freetext_comment: () => import('@/features/widgets/text/freetext-comment'),
  freetext_multiple: () => import('@/features/widgets/text/freetext-multiple'),
  freetext_matrix: () => import('@/features/widgets/text/freetext-matrix'),
};

const blockModules: Record<BlockSubtype, Loader<BlockProps>> = {
  text_block: () => import('@/features/widgets/blocks/text-block'),
  image_block: () => import('@/features/widgets/blocks/image-block'),
  video_block: () => import('@/features/widgets/blocks/video-block'),
};

/**
 * Told once by every widget when it has mounted in the browser. A widget hydrates on its own, once its chunk has
 * arrived, after the survey around it: only when all of a page's widgets have, does a click on it count.
 */
export const WidgetMountedContext = createContext<(() => void) | null>(null);

function withMountSignal<P extends object>(Widget: ComponentType<P>): ComponentType<P> {
  function MountSignalled(props: P) {
    const onMounted = useContext(WidgetMountedContext);
    useEffect(() => onMounted?.(), [onMounted]);
    return <Widget {...props} />;
  }
  return MountSignalled;
}

function lazyRecord<K extends string, P extends object>(modules: Record<K, Loader<P>>): Record<K, ComponentType<P>> {
  // Server-rendered all the same (dynamic() renders on the server), so the first page is answerable before
  // JavaScript arrives.
  return Object.fromEntries(
    Object.entries<Loader<P>>(modules).map(([subtype, load]) => [
      subtype,
      dynamic(() => load().then((module) => ({ default: withMountSignal(module.default) }))),
    ]),
  ) as Record<K, ComponentType<P>>;
}

export const questionWidgets = lazyRecord(questionModules);
export const blockWidgets = lazyRecord(blockModules);

/**
 * Fetches ahead every widget a survey uses, once it has loaded: a later page still renders when the network is
 * gone (an offline respondent must be able to finish).
 */
export function preloadWidgets(subtypes: Iterable<QuestionSubtype | BlockSubtype>): void {
  for (const subtype of new Set(subtypes)) {
    const load =
      subtype in questionModules ? questionModules[subtype as QuestionSubtype] : blockModules[subtype as BlockSubtype];
    void load().catch(() => undefined);
  }
}
