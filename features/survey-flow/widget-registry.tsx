'use client';

import dynamic from 'next/dynamic';
import { createContext, useContext, useLayoutEffect, type ComponentType } from 'react';
import type { BlockProps, WidgetProps } from '@/features/widgets/types';
import type { BlockSubtype, QuestionSubtype } from '@/lib/survey-format/widget-kinds';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Told once by every widget when it has mounted in the browser, as React commits it (a layout effect: the passive
 * effects of that commit come in a task after it). A widget hydrates on its own, once its chunk has arrived, after
 * the survey around it: only when all of a page's widgets have, does a click on it count.
 */
export const WidgetMountedContext = createContext<(() => void) | null>(null);

export function withMountSignal<P extends object>(Widget: ComponentType<P>): ComponentType<P> {
  function MountSignalled(props: P) {
    const onMounted = useContext(WidgetMountedContext);
    useLayoutEffect(() => onMounted?.(), [onMounted]);
    return <Widget {...props} />;
  }
  return MountSignalled;
}

const preloaders = new Map<QuestionSubtype | BlockSubtype, () => Promise<unknown>>();

/**
 * The loader `dynamic()` is given, kept for `preloadWidgets` too, so both ask for the same chunk. Each `import()`
 * is written literally inside its `dynamic()` call: that is how Next learns the chunk and, when the server renders
 * the widget, names it in the HTML's head (`<link rel="preload">`), so it downloads with the page's own scripts
 * instead of one chunk after another while React hydrates.
 */
function registered<P extends object>(subtype: QuestionSubtype | BlockSubtype, load: Loader<P>) {
  preloaders.set(subtype, load);
  return () => load().then((module) => ({ default: withMountSignal(module.default) }));
}

/**
 * Subtype → widget, each in its own chunk: a survey ships only the code of the widgets it uses (no `signature_pad`
 * without a signature question, no drag and drop without a ranking). Server-rendered all the same (dynamic() renders on the
 * server), so the first page is answerable before JavaScript arrives.
 */
export const questionWidgets: Record<QuestionSubtype, ComponentType<WidgetProps>> = {
  single_select: dynamic(registered('single_select', () => import('@/features/widgets/choice/single-choice'))),
  single_radio: dynamic(registered('single_radio', () => import('@/features/widgets/choice/single-choice'))),
  single_select_image: dynamic(
    registered('single_select_image', () => import('@/features/widgets/choice/single-choice')),
  ),
  multiple_select: dynamic(registered('multiple_select', () => import('@/features/widgets/choice/multiple-choice'))),
  multiple_checkbox: dynamic(
    registered('multiple_checkbox', () => import('@/features/widgets/choice/multiple-choice')),
  ),
  multiple_image: dynamic(registered('multiple_image', () => import('@/features/widgets/choice/multiple-choice'))),
  scale_stars: dynamic(registered('scale_stars', () => import('@/features/widgets/scale/scale-stars'))),
  scale_slider: dynamic(registered('scale_slider', () => import('@/features/widgets/scale/scale-slider'))),
  scale_semantic: dynamic(registered('scale_semantic', () => import('@/features/widgets/scale/semantic-scale'))),
  scale_numeric: dynamic(registered('scale_numeric', () => import('@/features/widgets/scale/numeric-scale'))),
  scale_nps: dynamic(registered('scale_nps', () => import('@/features/widgets/scale/nps-scale'))),
  scale_stars_matrix: dynamic(registered('scale_stars_matrix', () => import('@/features/widgets/matrix/stars-matrix'))),
  other_radio_matrix: dynamic(registered('other_radio_matrix', () => import('@/features/widgets/matrix/radio-matrix'))),
  other_checkbox_matrix: dynamic(
    registered('other_checkbox_matrix', () => import('@/features/widgets/matrix/checkbox-matrix')),
  ),
  other_dropdown_matrix: dynamic(
    registered('other_dropdown_matrix', () => import('@/features/widgets/matrix/dropdown-matrix')),
  ),
  other_ranking: dynamic(registered('other_ranking', () => import('@/features/widgets/ranking/other-ranking'))),
  other_datetime: dynamic(registered('other_datetime', () => import('@/features/widgets/datetime/other-datetime'))),
  other_file_upload: dynamic(
    registered('other_file_upload', () => import('@/features/widgets/file-upload/other-file-upload')),
  ),
  other_signature: dynamic(registered('other_signature', () => import('@/features/widgets/signature/other-signature'))),
  freetext_input: dynamic(registered('freetext_input', () => import('@/features/widgets/text/freetext-input'))),
  freetext_comment: dynamic(registered('freetext_comment', () => import('@/features/widgets/text/freetext-comment'))),
  freetext_multiple: dynamic(
    registered('freetext_multiple', () => import('@/features/widgets/text/freetext-multiple')),
  ),
  freetext_matrix: dynamic(registered('freetext_matrix', () => import('@/features/widgets/text/freetext-matrix'))),
};

export const blockWidgets: Record<BlockSubtype, ComponentType<BlockProps>> = {
  text_block: dynamic(registered('text_block', () => import('@/features/widgets/blocks/text-block'))),
  image_block: dynamic(registered('image_block', () => import('@/features/widgets/blocks/image-block'))),
  video_block: dynamic(registered('video_block', () => import('@/features/widgets/blocks/video-block'))),
};

/**
 * Fetches the widgets of the given subtypes, all at once. For the first page while the client takes over: React
 * hydrates one lazy widget after another, so without this each chunk's round trip would wait for the previous one.
 * For every widget of the survey once it has loaded: a later page still renders when the network is gone (an
 * offline respondent must be able to finish).
 */
export function preloadWidgets(subtypes: Iterable<QuestionSubtype | BlockSubtype>): void {
  void loadWidgets(subtypes);
}

/** Fetches the widgets of the given subtypes, all at once; resolves with those whose code has arrived. */
export async function loadWidgets<S extends QuestionSubtype | BlockSubtype>(subtypes: Iterable<S>): Promise<S[]> {
  const wanted = [...new Set(subtypes)];
  const loads = await Promise.allSettled(
    wanted.map((subtype) => preloaders.get(subtype)?.() ?? Promise.reject(new Error(`no widget for ${subtype}`))),
  );
  return wanted.filter((_, index) => loads[index]?.status === 'fulfilled');
}
