import { expect, test } from './fixtures';
import { importSurvey } from './support';

/**
 * Hardened for the open internet (docs/security.md), probed from outside against the production server: headers on
 * every route type, no absolute URL from a header the caller writes, a password limit a forged X-Forwarded-For
 * cannot dodge.
 */

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

test.describe('security headers', () => {
  test('every route type carries them: pages with a fresh nonce CSP, API answers and files a CSP that allows nothing', async ({
    request,
  }) => {
    const routes = {
      survey: '/en/survey/demo-simple',
      home: '/en',
      notFound: '/en/no-such-page',
      message: '/en/survey-message?type=closed',
      api: '/api/v1/read-survey/demo-simple/',
      apiError: '/api/v1/read-survey/no-such-survey/',
      upload: '/api/v1/upload/file/AAAAAAAAAAAAAAAAAAAAAA/',
      file: '/images/not-found.svg',
      // The 404 of a bare folder of files, which the proxy leaves alone as it does the files.
      imagesFolder: '/images/',
      nextFolder: '/_next/',
      vercelFolder: '/_vercel/?x=1',
    };
    const nonces = new Set<string>();
    for (const [kind, path] of Object.entries(routes)) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers, kind).toMatchObject(COMMON);
      expect(headers['permissions-policy'], kind).toContain('camera=()');
      const csp = headers['content-security-policy'] ?? '';
      if (['survey', 'home', 'notFound', 'message'].includes(kind)) {
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce, kind).toBeTruthy();
        nonces.add(nonce ?? '');
        expect(csp).toContain("'strict-dynamic'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("form-action 'self'");
        expect(csp).toContain("frame-ancestors 'self'");
      } else {
        expect(csp, kind).toContain("default-src 'none'");
        expect(csp, kind).toContain("frame-ancestors 'none'");
      }
      // Served over plain http here: HSTS would pin a local setup to https (checked over https in proxy.test.ts).
      expect(headers['strict-transport-security'], kind).toBeUndefined();
    }
    expect(nonces.size).toBe(4);
  });

  test('the survey page runs under its CSP: its inline script carries the nonce, nothing is refused', async ({
    page,
  }) => {
    const response = await page.goto('/en/survey/demo-all-widgets');
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    // Browsers hide a nonce from the DOM once used; the server's HTML holds it.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`nonce="${nonce}"`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // The cspGuard fixture fails this journey on any violation the console reports.
  });
});

test.describe('headers written by the caller', () => {
  test('a forged X-Forwarded-Proto turns on neither HSTS nor a Secure cookie (no proxy is trusted)', async ({
    request,
  }) => {
    for (const proto of ['https', 'xhttps', 'http, https']) {
      const response = await request.get('/en/survey-message', {
        headers: { 'X-Forwarded-Proto': proto, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'document' },
        maxRedirects: 0,
      });
      expect(response.headers()['strict-transport-security'], proto).toBeUndefined();
      expect(response.headers()['set-cookie'] ?? '', proto).not.toMatch(/secure/i);
    }
  });

  test('a path that does not decode is a 400 with the security headers', async ({ request }) => {
    const response = await request.get('/en/survey/%E0%A4%A');
    expect(response.status()).toBe(400);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
  });

  test('a method no route answers is a 405 with the security headers, not a bare 500', async ({ request }) => {
    for (const method of ['TRACE', 'PUT', 'DELETE']) {
      const response = await request.fetch('/en/survey/demo-simple', { method, maxRedirects: 0 });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow, method).toBe('GET, HEAD, POST, PATCH, OPTIONS');
      expect(response.headers()['content-security-policy'], method).toContain("default-src 'none'");
    }
  });

  test('X-Forwarded-Host and Host never reach a Location', async ({ request }) => {
    const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    const moved = await request.get('/survey/demo_simple', { headers: forged, maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/survey/demo-simple');
    const negotiated = await request.get('/', {
      headers: { ...forged, 'Accept-Language': 'fr' },
      maxRedirects: 0,
    });
    expect(negotiated.headers().location).toBe('/fr');
  });

  test('a rotating X-Forwarded-For meets the password limit all the same', async ({ request }) => {
    // A survey of its own: every journey reaches this server from 127.0.0.1, one client for the limit.
    const code = `e2e-security-gate-${test.info().retry}-${test.info().repeatEachIndex}`;
    importSurvey({
      survey_code: code,
      survey_id: 9700,
      title: 'Gate',
      password: 'right',
      user_profile: { pack: 'PRO' },
      pages: [{ id: 1, widgets: [{ id: 1, subtype: 'freetext_input', title: 'Q' }] }],
    });
    const statuses: number[] = [];
    const survey = await (await request.get(`/api/v1/read-survey/${code}/`)).json();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const response = await request.post('/api/v2/surveys/check-password-repository/', {
        headers: { 'X-Forwarded-For': `198.51.100.${attempt}`, 'X-Real-IP': `10.0.${attempt}.1` },
        data: { survey_id: survey.survey_id, password: `guess-${attempt}` },
      });
      statuses.push(response.status());
      if (response.status() === 429) expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

test.describe("the owner's stylesheet", () => {
  test('may restyle the survey, never cover the page or the powered-by mark', async ({ page }) => {
    const code = `e2e-owner-css-${test.info().retry}-${test.info().repeatEachIndex}`;
    // A FREE survey shows the mark. Each rule passes the stylesheet's allowlist (features/theme/owner-css.ts).
    importSurvey({
      survey_code: code,
      survey_id: 9701,
      title: 'Owner CSS',
      theme_obj: {
        custom_css: [
          'main{outline:200vmax solid #ff00ff;box-shadow:0 0 0 200vmax #00ff00;position:relative}',
          'h1{position:relative;margin-top:-3000px;width:10000px;height:3400px;background:#ff00ff}',
        ].join('\n'),
      },
      pages: [{ id: 1, widgets: [{ id: 1, subtype: 'freetext_input', title: 'Your name' }] }],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/en/survey/${code}`);
    const mark = page.getByText('Powered by Encuesta');
    await mark.scrollIntoViewIfNeeded();
    // The topmost element at the mark's centre is the mark.
    const onTop = await mark.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === element || element.contains(hit);
    });
    expect(onTop).toBe(true);
    // The heading 10 000 px wide is clipped at the survey's screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
