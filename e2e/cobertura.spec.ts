// Coverage of the territory and its map (issue 44). The agent on a tablet (800×1280) sees only their micro-areas, opens
// the list behind a number (a newborn of theirs) and the map of their homes; the manager on a desktop sees every team,
// downloads the CSV and puts the notified cases on the map. axe on each screen. The map's tiles come from the local
// stand-in of the municipality's tile server (e2e/tiles-standin.mjs, MAP_TILES_URL in playwright.config), so no request
// leaves the machine; each map step proves they were asked for and drawn.
// Run: npm run build && E2E_PORT=3923 npx playwright test e2e/cobertura.spec.ts --project chromium
import type { Locator } from '@playwright/test';
import { esperarTiles, expect, expectAccessible, fotografar, test } from './fixtures';
import { morarEm, novaCasa, novaPessoa, unico } from './dados';

const COBERTURA = '/atencao_primaria/cobertura';
const diasAtras = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ timeout: 180_000 });

test('the agent sees their micro-areas, opens the list behind a number and the map of their homes', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const nome = `Bebe Cobertura ${unico()}`;
  const bebe = await novaPessoa(acs, nome, { nascimento: diasAtras(2) });
  await morarEm(acs, bebe, await novaCasa(acs, `Bairro ${unico()}`, { latitude: -15.781, longitude: -47.921 }));
  await signInWithUnit('acs', 'UBS Centro');

  await test.step('the menu opens the coverage; only the agent micro-areas are lines', async () => {
    await page.goto('/');
    await page.goto(COBERTURA);
    await expect(page.getByRole('heading', { name: 'Cobertura do território', level: 1 })).toBeVisible();
    const tabela = page.getByRole('table', { name: 'Cobertura por equipe e micro-área' });
    await expect(tabela.getByRole('rowheader')).toHaveText([
      /ESF Centro 1\s*Micro-área 01/,
      /ESF Centro 1\s*Micro-área 02/,
    ]);
    await expectAccessible(page, 'cobertura (agente)');
    await fotografar(page, 'cobertura-agente-tablet');
  });

  await test.step('the newborns number opens the list with the new baby, never visited', async () => {
    await page.getByRole('link', { name: /^\d+ Recém-nascidos \(1ª semana\) em ESF Centro 1, micro-área 01$/ }).click();
    await expect(page.getByRole('heading', { name: /Recém-nascidos \(1ª semana\) · micro-área 01/ })).toBeVisible();
    const linha = page.getByRole('row').filter({ hasText: nome });
    await expect(linha).toContainText('Nunca visitado');
    await expectAccessible(page, 'lista da cobertura');
    await fotografar(page, 'cobertura-lista-tablet');
  });

  await test.step('the map shows the homes by days since the last visit, with the legend', async () => {
    const mapa = page.getByRole('region', { name: /^Mapa do território\. \d+ domicílios? no mapa/ });
    const tiles = esperarTiles(page, mapa);
    await page.goto(`${COBERTURA}/territorio?grupo=recem_nascido`);
    await expect(page.getByRole('heading', { name: 'Mapa do território', level: 1 })).toBeVisible();
    await expect(mapa).toBeVisible();
    await tiles();
    await expect(page.getByRole('list', { name: 'Legenda do mapa' })).toContainText('Nunca visitado');
    // The newborn's home stands alone at the largest zoom the map fits, or inside a group of homes.
    await expect(mapa.locator('.leaflet-marker-icon').first()).toBeVisible();
    // Agents do not list notifications: no toggle for the cases.
    await expect(page.getByRole('switch', { name: 'Mostrar casos notificados' })).toHaveCount(0);
    await expectAccessible(page, 'mapa do território (agente)');
    await fotografar(page, 'territorio-agente-tablet');
    await page.getByRole('link', { name: 'Ver como lista' }).click();
    await expect(page.getByRole('row').filter({ hasText: nome })).toBeVisible();
  });
});

test('the manager sees every team, downloads the CSV and shows the notified cases on the map', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // Two cases of one citizen, at one home south-east of the town's: one place on the map at any zoom.
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const vigilancia = await apiAs('vigilancia');
  const nome = `Caso Duplo ${unico()}`;
  const doente = await novaPessoa(acs, nome);
  await morarEm(acs, doente, await novaCasa(acs, `Bairro ${unico()}`, { latitude: -15.86, longitude: -47.84 }));
  for (const doenca of ['9a', '7']) {
    const res = await vigilancia.post(`/api/v1/municipes_notificacao/${doente.id}/notificacoes`, {
      data: { doenca_agravo_id: doenca, data_notificacao: diasAtras(1), hora_notificacao: '00:00' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signInWithUnit('admin', 'UBS Centro');

  await test.step('every team of the town is a line; the CSV downloads', async () => {
    await page.goto(COBERTURA);
    const tabela = page.getByRole('table', { name: 'Cobertura por equipe e micro-área' });
    await expect(tabela.getByRole('rowheader').filter({ hasText: 'ESF Centro 2' }).first()).toBeVisible();
    await expect(tabela.getByRole('rowheader').filter({ hasText: 'ESF Vila Esperança' }).first()).toBeVisible();
    await expectAccessible(page, 'cobertura (gestor)');
    await fotografar(page, 'cobertura-gestor-1400');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cobertura.csv');
  });

  await test.step('the map with the notified cases on top, grouped as the homes are, at 1400 and on the tablet', async () => {
    const mapa = page.getByRole('region', { name: /^Mapa do território\. \d+ domicílios? no mapa/ });
    const tiles = esperarTiles(page, mapa);
    await page.getByRole('link', { name: 'Ver no mapa' }).click();
    await expect(mapa).toBeVisible();
    await tiles();
    await discosSeparados(mapa.locator('.mapa-territorio-grupo'));
    await page.getByRole('switch', { name: 'Mostrar casos notificados' }).check();
    await expect(page.getByRole('list', { name: 'Legenda do mapa' })).toContainText(/Caso notificado \(\d+\)/);
    // Cases close together are one purple disc with their count, never stacked.
    const grupoDeCasos = mapa.getByTitle(/^\d+ casos notificados (próximos: aproximar|no mesmo lugar)$/);
    await expect(grupoDeCasos.first()).toHaveText(/^\d+$/);
    await discosSeparados(mapa.locator('.mapa-territorio-caso'));
    await expectAccessible(page, 'mapa do território (gestor)');
    await fotografar(page, 'territorio-gestor-1400');
    // Both cases at one home: one disc whose popup lists them as each case's popup does.
    const popup = page.locator('.leaflet-popup');
    const mesmoLugar = mapa.getByTitle(/^\d+ casos notificados no mesmo lugar$/);
    for (const g of await mesmoLugar.all()) {
      await g.click();
      if ((await popup.getByRole('link', { name: `Ver notificações de ${nome}` }).count()) > 0) break;
    }
    await expect(popup.getByRole('link', { name: `Ver notificações de ${nome}` })).toHaveCount(2);
    await expect(popup).toContainText('Dengue - Casos');
    await expect(popup).toContainText('Coqueluche');
    await expectAccessible(page, 'mapa do território (gestor, casos no mesmo lugar)');
    await fotografar(page, 'territorio-gestor-casos-1400');
    await popup.getByRole('button', { name: /close/i }).click();
    // Cases close together: a click zooms in; until a case stands alone, whose popup is the same summary.
    await abrirAte(
      mapa,
      mapa.getByTitle(/^\d+ casos notificados próximos: aproximar$/),
      mapa.getByTitle(/^Caso notificado \(/),
    );
    await mapa
      .getByTitle(/^Caso notificado \(/)
      .first()
      .click();
    await expect(popup.getByRole('link', { name: /^Ver notificações de / })).toHaveCount(1);
    // The homes' groups open into homes, each saying its days without a visit (the reload shows them all, no cases).
    await page.reload();
    await expect(mapa).toBeVisible();
    const casa = mapa.getByTitle(/^Domicílio.*: (nunca visitado|visitado hoje|\d+ dias? sem visita) \(/);
    await abrirAte(mapa, mapa.getByTitle(/domicílios próximos: aproximar$/), casa);
    await expect(casa.first()).toBeVisible();
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.reload();
    await expect(mapa).toBeVisible();
    await tiles();
    await discosSeparados(mapa.locator('.mapa-territorio-grupo'));
    await page.getByRole('switch', { name: 'Mostrar casos notificados' }).check();
    await expect(grupoDeCasos.first()).toBeVisible();
    await discosSeparados(mapa.locator('.mapa-territorio-caso'));
    await expectAccessible(page, 'mapa do território (gestor, tablet)');
    await fotografar(page, 'territorio-gestor-tablet');
    await page.goto(COBERTURA);
    await expect(page.getByRole('table', { name: 'Cobertura por equipe e micro-área' })).toBeVisible();
    await fotografar(page, 'cobertura-gestor-tablet');
  });
});

/** No two discs drawn (their boxes' inscribed circles) overlap. */
async function discosSeparados(discos: Locator) {
  await expect(discos.first()).toBeVisible();
  const caixas = (await discos.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2, d: r.width })),
  )) as Array<{ x: number; y: number; d: number }>;
  for (const [i, a] of caixas.entries())
    for (const b of caixas.slice(i + 1))
      expect(Math.hypot(a.x - b.x, a.y - b.y), 'two discs overlap').toBeGreaterThanOrEqual((a.d + b.d) / 2);
}

/**
 * Clicks the first of `grupos` (each click zooms in: the map redraws its marks) until one of `alvo` is on the map; the
 * clicked marker leaving the page is the sign the map moved, the region no longer busy that the view's answer is drawn.
 */
async function abrirAte(mapa: Locator, grupos: Locator, alvo: Locator) {
  // At least one click: the group zooms in.
  let cliques = 0;
  const caixa = (await mapa.boundingBox())!;
  const dentro = (r: { x: number; y: number; width: number; height: number }) =>
    r.x >= caixa.x &&
    r.y >= caixa.y &&
    r.x + r.width <= caixa.x + caixa.width &&
    r.y + r.height <= caixa.y + caixa.height;
  for (; cliques < 8 && (cliques === 0 || (await alvo.count()) === 0); cliques++) {
    // The marks cover a little more than the view: the first one inside it.
    const caixas = await grupos.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const g = grupos.nth(Math.max(0, caixas.findIndex(dentro)));
    await g.evaluate((el) => el.setAttribute('data-clicado', ''));
    // A zoom asks for the new view's homes; the marks are regrouped when they come (the last answer stays drawn
    // meanwhile, so a home seen before then may be grouped again).
    const resposta = mapa.page().waitForResponse((r) => r.url().includes('/territorio/mapa?'));
    await g.click();
    await resposta;
    await expect(mapa.locator('[data-clicado]')).toHaveCount(0);
    await expect(mapa).toHaveAttribute('aria-busy', 'false');
  }
  await expect(alvo.first()).toBeVisible();
}
