'use client';

import { Component, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Survey } from '@/lib/survey-format/survey';
import type { QuestionStyle } from '@/lib/survey-format/theme';
import type { Widget } from '@/lib/survey-format/widget';
import type { WidgetSubtype } from '@/lib/survey-format/widget-kinds';
import { widgetsAhead } from '../flow/pages-ahead';
import { loadWidgets, WidgetMountedContext } from '../widget-registry';
import { QuestionView } from './question-view';
import styles from './survey.module.css';

const NO_ITEMS: ReadonlySet<number> = new Set();
const noText = () => '';
const ignore = () => undefined;
/** The copies go even if a widget never says it has mounted. */
const WARM_UP_LIMIT_MS = 3000;

type KindWarmUpProps = {
  survey: Survey;
  /** The page on screen: its kinds have been rendered already. */
  pageId: number | null;
  hiddenPageIds: ReadonlySet<number>;
  shuffleSeed: string;
  rtl: boolean;
  /** The widgets' `mobile` (widgets/types.ts): `null` while the width is not known. */
  mobile: boolean | null;
  matrixSplit: boolean;
  questionStyle: QuestionStyle;
};

/** A warm-up that fails is no more than a slower first page move: it never reaches the page. */
class WarmUpBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/**
 * A kind of question shown for the first time makes its page move slow on a phone: its `dynamic()` component
 * resolves, its code is compiled as it first runs, and its styles are matched for the first time (at 4× CPU the first
 * move of the bench's 50-question walk took 132 to 182 ms, the next ones about 50; docs/performance-history.md,
 * 3017017). So, while the respondent reads a page, the kinds the next two pages show for the first time are rendered
 * once, one question of each, out of view, hidden, inert and without any of the survey's text, and removed once the
 * browser has laid them out. Nothing of them reaches the answers, the focus or assistive technology. Mounted once
 * the client has taken over: nothing here competes with the first page's scripts and hydration.
 */
export function KindWarmUp(props: KindWarmUpProps) {
  const { survey, pageId, hiddenPageIds } = props;
  const warmed = useRef(new Set<WidgetSubtype>());
  const [copies, setCopies] = useState<Widget[]>([]);
  const expected = useRef(0);
  const mounted = useRef(0);
  const removeCopies = useCallback(() => startTransition(() => setCopies([])), []);
  // Stable: each copy says once, as React commits it, that it has mounted. Once all have, they go in the task after
  // the frame in which the browser has styled and laid them out.
  const onMounted = useCallback(() => {
    mounted.current += 1;
    if (mounted.current === expected.current) requestAnimationFrame(() => setTimeout(removeCopies, 0));
  }, [removeCopies]);

  useEffect(() => {
    for (const widget of survey.pages.find((page) => page.id === pageId)?.widgets ?? []) {
      warmed.current.add(widget.subtype);
    }
    const ahead = widgetsAhead(survey, pageId, hiddenPageIds, 2).filter(
      (widget) => !warmed.current.has(widget.subtype),
    );
    if (ahead.length === 0) return;
    let cancelIdle: (() => void) | null = null;
    let cancelled = false;
    void loadWidgets(ahead.map((widget) => widget.subtype)).then((loaded) => {
      if (cancelled || loaded.length === 0) return;
      cancelIdle = whenIdle(() => {
        for (const subtype of loaded) warmed.current.add(subtype);
        // Ids below every question's (any integer on the wire) and below zero: no element id or field name is shared
        // with the page, and none is one the inline script notes (`q` and digits).
        const below = Math.min(0, ...survey.pages.flatMap((page) => page.widgets.map((widget) => widget.id)));
        const warm = ahead
          .filter((widget) => loaded.includes(widget.subtype))
          .map((widget, index) => ({ ...widget, id: below - (index + 1), required: false }));
        expected.current = warm.length;
        mounted.current = 0;
        startTransition(() => setCopies(warm));
      });
    });
    return () => {
      cancelled = true;
      cancelIdle?.();
    };
  }, [hiddenPageIds, pageId, survey]);

  useEffect(() => {
    if (copies.length === 0) return;
    const limit = window.setTimeout(removeCopies, WARM_UP_LIMIT_MS);
    return () => window.clearTimeout(limit);
  }, [copies, removeCopies]);

  if (copies.length === 0) return null;
  return (
    <div className={styles.warmUp} aria-hidden="true" inert data-kind-warm-up="">
      <WarmUpBoundary>
        <WidgetMountedContext value={onMounted}>
          <Suspense fallback={null}>
            {copies.map((widget) => (
              <QuestionView
                key={widget.id}
                widget={widget}
                number={undefined}
                value={[]}
                error={undefined}
                onAnswer={ignore}
                onAnswered={ignore}
                onNextQuestion={ignore}
                text={noText}
                textLang={undefined}
                hiddenItemIds={NO_ITEMS}
                shuffleSeed={props.shuffleSeed}
                rtl={props.rtl}
                mobile={props.mobile}
                matrixSplit={props.matrixSplit}
                questionStyle={props.questionStyle}
                uploads={undefined}
                disabled={false}
              />
            ))}
          </Suspense>
        </WidgetMountedContext>
      </WarmUpBoundary>
    </div>
  );
}
