// @vitest-environment jsdom
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTakeOver, type TakeOverTarget } from '@/features/take-over/use-take-over';
import { surveySchema } from '@/lib/survey-format/survey';
import { hydrateServerHtml } from '@/test/hydrate-server-html';
import { WidgetMountedContext, withMountSignal } from './widget-registry';

const widgets = surveySchema
  .parse({
    survey_id: 1,
    pages: [
      {
        id: 1,
        widgets: [
          { id: 11, subtype: 'freetext_input', title: 'One' },
          { id: 12, subtype: 'freetext_input', title: 'Two' },
        ],
      },
    ],
  })
  .pages.flatMap((page) => page.widgets);

const Field = withMountSignal(({ id }: { id: number }) => <input name={`q${id}`} aria-label={`q${id}`} />);

/** Notes, when its passive effect runs, whether the document is marked taken over yet. */
function EffectProbe({ log }: { log: string[] }) {
  useEffect(() => {
    log.push(`passive effect, hydrated: ${document.documentElement.dataset.hydrated ?? 'no'}`);
  }, [log]);
  return null;
}

function Page({ controller, log }: { controller: TakeOverTarget; log: string[] }) {
  const onMounted = useTakeOver(controller, { pageId: 1, widgets }, () => log.push('taken over'));
  return (
    <WidgetMountedContext value={onMounted}>
      <EffectProbe log={log} />
      <form data-page-id="1">
        {widgets.map((widget) => (
          <Field key={widget.id} id={widget.id} />
        ))}
      </form>
    </WidgetMountedContext>
  );
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
});

describe('withMountSignal', () => {
  it('lets the page take over as React commits its last widget, before that commit’s passive effects', async () => {
    const controller = { takeOver: vi.fn(async () => undefined) };
    const log: string[] = [];
    hydrateServerHtml(<Page controller={controller} log={[]} />, <Page controller={controller} log={log} />);
    await vi.waitFor(() => expect(log).toContain('taken over'));
    await vi.waitFor(() => expect(log).toHaveLength(2));
    // Taken over in a passive effect, the mark came after other passive effects of the same commit had run.
    expect(log).toEqual(['taken over', 'passive effect, hydrated: true']);
    expect(controller.takeOver).toHaveBeenCalledTimes(1);
    expect(controller.takeOver).toHaveBeenCalledWith([], null);
  });
});
