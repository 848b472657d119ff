import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import type { FaultInput } from '../../scripts/mock-api/faults';
import { test as base } from '../fixtures';

/**
 * The QA fixture for the mock survey API (`npm run mock-api`, scripts/mock-api/mock-api.ts): load surveys, inject
 * faults, go offline, read back every write the app made. The mock and an app pointed at it
 * (`API_BASE_URL=<mock>/api`) are started by the Playwright config's `webServer` (README "Testing your own
 * surveys"); every test starts from a reset mock (no faults, online, no writes; surveys stay).
 */

/** A fault as the mock takes it (`scripts/mock-api/faults.ts` checks it): status, delay or a cut connection. */
export type Fault = FaultInput;

export type Write = { method: string; path: string; status: number; body: unknown; at: string };
export type HeldResponse = { code: string; completed: boolean; seq: number; content: Record<string, string[]> };

export class MockApi {
  constructor(
    private readonly api: APIRequestContext,
    /** The mock's base, e.g. `http://127.0.0.1:3199`. */
    readonly origin: string,
  ) {}

  private async send(path: string, data: unknown): Promise<unknown> {
    const response = await this.api.post(`${this.origin}${path}`, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  }

  /** Loads (or replaces) a survey file, as `survey:import` takes it. */
  async loadSurvey(survey: Record<string, unknown>): Promise<void> {
    await this.send('/__mock/surveys', survey);
  }

  async fault(fault: Fault): Promise<void> {
    await this.send('/__mock/faults', fault);
  }

  async offline(offline: boolean): Promise<void> {
    await this.send('/__mock/offline', { offline });
  }

  async reset(): Promise<void> {
    await this.send('/__mock/reset', {});
  }

  /** Every write (POST, PATCH) the mock received, with the status it answered (0: cut by a fault). */
  async writes(pathPart = ''): Promise<Write[]> {
    const all = (await (await this.api.get(`${this.origin}/__mock/writes`)).json()) as Write[];
    return all.filter((write) => write.path.includes(pathPart));
  }

  /** What the mock holds for a survey: its responses, answer by answer. */
  async responses(surveyCode: string): Promise<HeldResponse[]> {
    const url = `${this.origin}/__mock/responses?survey=${encodeURIComponent(surveyCode)}`;
    return (await (await this.api.get(url)).json()) as HeldResponse[];
  }
}

export const MOCK_API_ORIGIN = process.env.MOCK_API_ORIGIN ?? 'http://127.0.0.1:3199';

export const test = base.extend<{ mockApi: MockApi }>({
  mockApi: async ({}, provide) => {
    const api = await playwrightRequest.newContext();
    const mock = new MockApi(api, MOCK_API_ORIGIN);
    await mock.reset();
    await provide(mock);
    await api.dispose();
  },
});

export { expect };
