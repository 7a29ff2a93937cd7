import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';

export const SENHA_DEMO = 'saude123';
export const SCREENSHOTS = '.screenshots';

/** Demo users of the seed (password saude123). */
export type DemoLogin = 'admin' | 'recepcao' | 'medico' | 'enfermagem' | 'acs' | 'ace' | 'vigilancia';

/** The API as a signed-in user, for making a test's records without clicking through screens (issue 13). */
export type Api = APIRequestContext & { login: string };

type Fixtures = {
  /**
   * Signs in through the API (not the screen) and answers a request context carrying the session, with the unit
   * chosen when the user works in several. Use it to make the records a test needs; the context closes after the test.
   */
  apiAs: (login: DemoLogin | string, opts?: { unidade?: string; senha?: string } & AceiteOpts) => Promise<Api>;
  /** Signs in through the login form, as a person would. Lands wherever the app sends them next. */
  signInAs: (login: DemoLogin, senha?: string, opts?: AceiteOpts) => Promise<void>;
  /** Signs in (through the API) and opens home in `unidade` (default: the user's first unit); not the sign-in screens. */
  signInWithUnit: (login: DemoLogin, unidade?: string, opts?: AceiteOpts) => Promise<void>;
};

/**
 * The sign-in helpers accept the newest terms of use for the user (issue 21): e2e/termos_uso.spec.ts publishes a
 * version that stays, and every later spec's users would otherwise be stopped at the acceptance screen. `false`: leave
 * it pending (the spec that tests the gate).
 */
type AceiteOpts = { aceitarTermo?: boolean };

/** Accepts, through the API, the terms of use version waiting for the session's user, if any. */
export async function aceitarTermoPendente(ctx: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const me = await ctx.get('/api/v2/auth/me', { headers });
  expect(me.status(), 'GET /me').toBe(200);
  const { termo_pendente, senha_provisoria } = (await me.json()) as {
    termo_pendente?: { id: string } | null;
    senha_provisoria?: boolean;
  };
  // A one-time password is changed first (on screen); the term comes after it.
  if (!termo_pendente || senha_provisoria) return;
  const res = await ctx.post(`/api/v1/termos_uso/${termo_pendente.id}/aceite`, { headers });
  expect(res.status(), 'aceite dos termos de uso').toBe(200);
}

/** Before a sign-in on screen: the user's pending version accepted through a session of its own, then closed. */
async function aceitarAntes(baseURL: string, login: string, senha: string): Promise<void> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.post('/api/v2/auth/login', { data: { login, senha } });
    // A refused sign-in is what the screen's test is about: nothing to accept.
    if (res.status() !== 200) return;
    const { token } = (await res.json()) as { token: string };
    await aceitarTermoPendente(ctx, token);
    await ctx.post('/api/v2/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  } finally {
    await ctx.dispose();
  }
}

export async function fillLogin(page: Page, login: string, senha: string) {
  await page.getByRole('textbox', { name: 'Login', exact: true }).fill(login);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function chooseUnit(page: Page, unidade?: string) {
  await expect(page).toHaveURL(/\/selecionar_unidade_saude/);
  const cards = page.getByRole('list', { name: 'Suas lotações' }).getByRole('listitem');
  const card = unidade ? cards.filter({ hasText: unidade }).first() : cards.first();
  await card.getByRole('button').click();
}

/** A session of a demo user made through the API (login, then the unit when asked or when the user has several). */
async function sessionToken(
  baseURL: string,
  login: string,
  unidade?: string,
  senha = SENHA_DEMO,
  aceitarTermo = true,
): Promise<string> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.post('/api/v2/auth/login', { data: { login, senha } });
    expect(res.status(), `login de ${login} pela API`).toBe(200);
    const { token, usuario } = (await res.json()) as { token: string; usuario: { unidade_atual: unknown } };
    if (!usuario.unidade_atual || unidade) {
      const headers = { authorization: `Bearer ${token}` };
      const lotacoes = (await (await ctx.get('/api/v2/auth/lotacoes', { headers })).json()) as Array<{
        unidade_saude_id: string;
        unidade_nome: string;
      }>;
      const pick = unidade ? lotacoes.find((l) => l.unidade_nome === unidade) : lotacoes[0];
      if (!pick) throw new Error(`${login} não tem lotação em ${unidade ?? 'nenhuma unidade'}`);
      const sel = await ctx.put('/api/v2/auth/unidade_atual', {
        headers,
        data: { unidade_saude_id: pick.unidade_saude_id },
      });
      expect(sel.status()).toBe(200);
    }
    if (aceitarTermo) await aceitarTermoPendente(ctx, token);
    return token;
  } finally {
    await ctx.dispose();
  }
}

export const test = base.extend<Fixtures>({
  apiAs: async ({ baseURL }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (login, { unidade, senha, aceitarTermo } = {}) => {
      const token = await sessionToken(baseURL!, login, unidade, senha, aceitarTermo);
      const ctx = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Bearer ${token}` },
      });
      opened.push(ctx);
      return Object.assign(ctx, { login });
    });
    for (const ctx of opened) await ctx.dispose();
  },
  signInAs: async ({ page, baseURL }, use) => {
    await use(async (login, senha = SENHA_DEMO, { aceitarTermo = true } = {}) => {
      if (aceitarTermo) await aceitarAntes(baseURL!, login, senha);
      if (!page.url().includes('/login')) await page.goto('/login');
      await fillLogin(page, login, senha);
    });
  },
  signInWithUnit: async ({ page, baseURL }, use) => {
    await use(async (login, unidade, { aceitarTermo = true } = {}) => {
      // The sign-in screens have their own tests (shell.spec.ts); here the session is made through the API and handed to
      // the browser as the login screen would (lib/http tokenStore), from a same-origin page that loads no app: seconds
      // less per test on a CI machine that runs the whole suite.
      const token = await sessionToken(baseURL!, login, unidade, SENHA_DEMO, aceitarTermo);
      await page.goto('/api/health');
      await page.evaluate((t) => localStorage.setItem('saude.token', t), token);
      await page.goto('/');
      await expect(
        page.getByRole('navigation', { name: 'Menu principal' }).or(page.locator('nav[data-menu-mode="hide"]')),
      ).toBeAttached();
    });
  },
});

export { expect };

/**
 * A full-page picture in SCREENSHOTS once fonts are in and nothing loads, after checking nothing scrolls sideways (in
 * CI only the checks, unless E2E_FOTOS=1).
 */
export async function fotografar(page: Page, nome: string) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  const sobra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sobra, `${nome} scrolls sideways`).toBeLessThanOrEqual(0);
  // The pictures are for a person to look at: CI (CI=true) checks the page as above but draws no picture, each a
  // second or more of a busy 2-core machine, unless E2E_FOTOS=1 asks for them.
  if (process.env.CI && !process.env.E2E_FOTOS) return;
  // From the top: a page scrolled while filling would draw the fixed top bar across the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${nome}.png`, fullPage: true });
}

export const sideMenu = (page: Page) => page.locator('nav[aria-label="Menu principal"]');

/** The first family of the agent's own micro-area, still in the territory, in the home-visit list. */
export const familiaDaMinhaMicroArea = (page: Page) =>
  page.getByRole('row').filter({ hasText: 'Minha micro-área' }).filter({ hasNotText: 'Mudou-se' }).first();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on the page as served (its CSP included): no serious or critical violation of WCAG 2.1 A/AA (issue 12).
 * Call it on every screen a test opens, once the screen has loaded.
 *
 * axe runs in the page itself, injected once per document: @axe-core/playwright's builder opened a blank page per
 * analysis to finish it, seconds each on a loaded CI machine (docs/decisions.md "The suite's own cost"). Our screens
 * have no iframes, so the page's own run is the whole answer.
 */
export async function expectAccessible(page: Page, what = page.url()) {
  // A dialog or menu still fading in has its text at partial opacity, which axe reads as low contrast: let the
  // finite animations and transitions end first (a spinning loader never does). Three frames first: Mantine mounts
  // the element (visible, at opacity 0) a frame after it opens and starts its transition a frame later; until then
  // it is not an animation to wait for.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } };
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html })),
    }));
  }, WCAG_21_AA);
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const resumo = graves.map(
    // The element's HTML too: generated ids (#_r_h5_) alone do not say which field failed.
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
  expect(resumo, `violações de acessibilidade em ${what}`).toEqual([]);
}

/**
 * axe's two moderate best-practice rules issue 39 asked to clear, on the screens that call it: every content inside a
 * landmark (`region`: portals such as the progress bar and toasts too) and headings that never skip a level
 * (`heading-order`). Not part of expectAccessible, which fails on serious and critical only.
 */
export async function expectLandmarksAndHeadings(page: Page, what = page.url()) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } };
    const r = await axe.run(document, { runOnly: { type: 'rule', values: ['region', 'heading-order'] } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`);
  });
  expect(violations, `region/heading-order em ${what}`).toEqual([]);
}

/**
 * The desks finish what they left called (the demo's ticket called to Guichê 1 at start-up): otherwise a call there
 * within the unit's tempo_chamadas is refused as a double click, and this spec would depend on the ones before it.
 */
export async function liberarGuiches(api: Api): Promise<void> {
  const chamadas = (await (await api.get('/api/v1/filas/senhas?situacao=chamada&per_page=100')).json()) as Array<{
    id: string;
    lock_version: number;
  }>;
  for (const c of chamadas) {
    const r = await api.post(`/api/v1/filas/senhas/${c.id}/concluir`, { data: { lock_version: c.lock_version } });
    expect(r.status()).toBe(200);
  }
}

/**
 * The map's tiles came from the tile server's stand-in (e2e/tiles-standin.mjs, MAP_TILES_URL in playwright.config) and
 * were drawn: Leaflet marks an image it has loaded `leaflet-tile-loaded`. Call before the map is shown; await the
 * returned check once it is.
 */
export function esperarTiles(page: Page, mapa: Locator): () => Promise<void> {
  const origem = `http://127.0.0.1:${process.env.E2E_TILES_PORT}/`;
  const servidos: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(origem) && r.status() === 200) servidos.push(r.url());
  });
  return async () => {
    const desenhados = mapa.locator('img.leaflet-tile.leaflet-tile-loaded');
    await expect(desenhados.first()).toBeVisible();
    expect(await desenhados.count(), 'blocos do mapa desenhados').toBeGreaterThan(0);
    expect(servidos.length, 'blocos pedidos ao servidor de blocos local').toBeGreaterThan(0);
    for (const src of await desenhados.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src)))
      expect(src.startsWith(origem), `${src} veio do servidor de blocos local`).toBe(true);
  };
}
