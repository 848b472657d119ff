import { act, cleanup, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { NextIntlClientProvider, type IntlError } from 'next-intl';
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, onTestFinished, vi } from 'vitest';
import messages from '@/messages/en.json';
import { resolveText } from '@/lib/survey-format/text';
import { widgetSchema, type Widget } from '@/lib/survey-format/widget';
import type { WidgetProps } from '@/features/widgets/types';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: without this, every test
// would see the DOM of the tests before it.
afterEach(() => {
  cleanup();
});

/**
 * A missing or malformed message must fail the test that met it: the default handler only logs, and a
 * respondent would then see a raw key.
 */
function failOnIntlError(error: IntlError): never {
  throw error;
}

function IntlWrapper({ children }: { children: ReactNode }) {
  return (
    // A fixed time zone keeps date output identical on every machine and silences next-intl's fallback warning.
    <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC" onError={failOnIntlError}>
      {children}
    </NextIntlClientProvider>
  );
}

/** `render` from Testing Library, inside the English message catalogue the app ships. */
export function renderWithIntl(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  // Testing Library's `rerender` reuses this wrapper, so a re-render keeps the provider too.
  return render(ui, { wrapper: IntlWrapper, ...options });
}

/**
 * A question widget as the server sends it (under its title, as `renderWidget` draws it, with no answer): its HTML in
 * the page before React runs there, what a respondent can tap before the take-over. `hydrate` lets the client take
 * it over; both are undone after the test.
 */
export function serverRenderedWidget(
  Component: ComponentType<WidgetProps>,
  widget: Widget,
  props: WidgetTestProps = {},
): { container: HTMLElement; hydrate: () => Promise<void> } {
  const page = (
    <IntlWrapper>{titledWidget(Component, widget, props, { value: [], onChange: () => undefined })}</IntlWrapper>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  onTestFinished(() => container.remove());
  return {
    container,
    async hydrate() {
      const root = await act(async () => hydrateRoot(container, page));
      onTestFinished(() => act(() => root.unmount()));
    },
  };
}

/** A widget as the runtime receives it: parsed by the real schema, so defaults apply exactly as in the app. */
export function makeWidget(input: Record<string, unknown>): Widget {
  return widgetSchema.parse({ id: 101, title: 'Question', ...input });
}

/** Props a widget test may set; the rest get neutral defaults. */
export type WidgetTestProps = Partial<Omit<WidgetProps, 'widget' | 'onChange' | 'onAnswered'>>;

export const TEST_LABEL_ID = 'question-title';

/** A widget under its title, with neutral defaults for the props a test does not set, as the runtime shows it. */
function titledWidget(
  Component: ComponentType<WidgetProps>,
  widget: Widget,
  overrides: WidgetTestProps,
  control: Pick<WidgetProps, 'value' | 'onChange' | 'onAnswered'>,
): ReactElement {
  const labelId = overrides.labelId ?? TEST_LABEL_ID;
  const text = overrides.text ?? ((textValue) => resolveText(textValue, 'en', 'en'));
  return (
    <>
      <h2 id={labelId}>{text(widget.title)}</h2>
      <Component
        invalid={false}
        shuffleSeed="respondent-seed"
        rtl={false}
        mobile={false}
        {...overrides}
        {...control}
        widget={widget}
        text={text}
        labelId={labelId}
      />
    </>
  );
}

/**
 * Renders a question widget the way the runtime does: controlled (`value` follows `onChange`), labelled by a
 * title element with `labelId`, English texts. `onChange` and `onAnswered` are spies; `rerender` changes props
 * while keeping the current answer.
 */
export function renderWidget(Component: ComponentType<WidgetProps>, widget: Widget, props: WidgetTestProps = {}) {
  const onChange = vi.fn<(next: string[]) => void>();
  const onAnswered = vi.fn<() => void>();

  function Harness(overrides: WidgetTestProps) {
    const [value, setValue] = useState<string[]>(overrides.value ?? []);
    return titledWidget(Component, widget, overrides, {
      value,
      onChange: (next) => {
        onChange(next);
        setValue(next);
      },
      onAnswered,
    });
  }

  const result = renderWithIntl(<Harness {...props} />);
  return {
    ...result,
    onChange,
    onAnswered,
    /** The last answer the widget reported. */
    lastValue: () => onChange.mock.lastCall?.[0],
    rerender: (next: WidgetTestProps) => result.rerender(<Harness {...props} {...next} />),
  };
}
