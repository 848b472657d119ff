'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { BlockProps, WidgetProps } from '@/features/widgets/types';
import type { BlockSubtype, QuestionSubtype } from '@/lib/survey-format/widget';

/**
 * Subtype → widget, each loaded on its own: a survey ships only the code of the widgets it uses (no
 * `signature_pad` or `@dnd-kit` without a signature or ranking question). Server-rendered all the same, so the
 * first page is answerable before JavaScript arrives. Import paths are literal so the bundler can split them.
 */
export const questionWidgets: Record<QuestionSubtype, ComponentType<WidgetProps>> = {
  single_select: dynamic(() => import('@/features/widgets/choice/single-choice')),
  single_radio: dynamic(() => import('@/features/widgets/choice/single-choice')),
  single_select_image: dynamic(() => import('@/features/widgets/choice/single-choice')),
  multiple_select: dynamic(() => import('@/features/widgets/choice/multiple-choice')),
  multiple_checkbox: dynamic(() => import('@/features/widgets/choice/multiple-choice')),
  multiple_image: dynamic(() => import('@/features/widgets/choice/multiple-choice')),
  scale_stars: dynamic(() => import('@/features/widgets/scale/scale-stars')),
  scale_slider: dynamic(() => import('@/features/widgets/scale/scale-slider')),
  scale_semantic: dynamic(() => import('@/features/widgets/scale/semantic-scale')),
  scale_numeric: dynamic(() => import('@/features/widgets/scale/numeric-scale')),
  scale_nps: dynamic(() => import('@/features/widgets/scale/nps-scale')),
  scale_stars_matrix: dynamic(() => import('@/features/widgets/matrix/stars-matrix')),
  other_radio_matrix: dynamic(() => import('@/features/widgets/matrix/radio-matrix')),
  other_checkbox_matrix: dynamic(() => import('@/features/widgets/matrix/checkbox-matrix')),
  other_dropdown_matrix: dynamic(() => import('@/features/widgets/matrix/dropdown-matrix')),
  other_ranking: dynamic(() => import('@/features/widgets/ranking/other-ranking')),
  other_datetime: dynamic(() => import('@/features/widgets/datetime/other-datetime')),
  other_file_upload: dynamic(() => import('@/features/widgets/file-upload/other-file-upload')),
  other_signature: dynamic(() => import('@/features/widgets/signature/other-signature')),
  freetext_input: dynamic(() => import('@/features/widgets/text/freetext-input')),
  freetext_comment: dynamic(() => import('@/features/widgets/text/freetext-comment')),
  freetext_multiple: dynamic(() => import('@/features/widgets/text/freetext-multiple')),
  freetext_matrix: dynamic(() => import('@/features/widgets/text/freetext-matrix')),
};

export const blockWidgets: Record<BlockSubtype, ComponentType<BlockProps>> = {
  text_block: dynamic(() => import('@/features/widgets/blocks/text-block')),
  image_block: dynamic(() => import('@/features/widgets/blocks/image-block')),
  video_block: dynamic(() => import('@/features/widgets/blocks/video-block')),
};
