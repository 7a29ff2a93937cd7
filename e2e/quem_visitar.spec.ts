// "Quem visitar" (issue 44) on a tablet (800×1280): a newborn of the agent's micro-area heads the worklist with its
// reason; a tap opens the visit form with "Recém-nascido" already checked; once visited the newborn leaves the list.
// Without signal, after a reload, the list still opens from the device. axe on the list and the form.
// Run: npm run build && E2E_PORT=3230 npx playwright test e2e/quem_visitar.spec.ts
import { expect, expectAccessible, fotografar, test } from './fixtures';
import { comServiceWorker, copiasNoAparelho } from './aparelho';
import { morarEm, novaCasa, novaPessoa, unico } from './dados';

const LISTA = '/atencao_primaria/visitas_domiciliares';
const QUEM = `${LISTA}/quem_visitar?per_page=50`;

test.use({ viewport: { width: 800, height: 1280 }, serviceWorkers: 'allow' });
test.describe.configure({ timeout: 300_000 });

const diasAtras = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('the agent sees who is due, opens the visit with its reason, and has the list offline', async ({
  page,
  context,
  apiAs,
  signInWithUnit,
}) => {
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const nome = `Recem Nascido ${unico()}`;
  const bebe = await novaPessoa(acs, nome, { nascimento: diasAtras(2) });
  await morarEm(acs, bebe, await novaCasa(acs, `Bairro ${unico()}`));
  await signInWithUnit('acs', 'UBS Centro');
  const tabela = page.getByRole('table', { name: 'Pessoas e famílias para visitar' });
  const linhaDoBebe = tabela.getByRole('row').filter({ hasText: nome }).filter({ hasText: 'Recém-nascido' });

  await test.step('from the visit list, "Quem visitar" shows the newborn with the reason', async () => {
    await comServiceWorker(page, LISTA);
    await page.getByRole('link', { name: 'Quem visitar' }).click();
    await expect(page.getByRole('heading', { name: 'Quem visitar' })).toBeVisible();
    await page.goto(QUEM);
    await expect(linhaDoBebe).toBeVisible();
    await expect(linhaDoBebe).toContainText('Nunca visitado');
    // The family itself, never visited either, has its own line.
    await expect(
      tabela.getByRole('row').filter({ hasText: nome }).filter({ hasText: 'Família sem visita' }),
    ).toBeVisible();
    await expectAccessible(page, 'quem visitar');
    await fotografar(page, 'quem-visitar-tablet');
  });

  await test.step('offline, after a reload, the list opens from the device', async () => {
    // The copy is written after the list shows (copias.ts): wait until it is on the device.
    await expect.poll(() => copiasNoAparelho(page, '/quem_visitar')).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.reload();
    await expect(linhaDoBebe).toBeVisible();
    await context.setOffline(false);
  });

  await test.step('a tap opens the visit form with the reason checked; once visited the newborn leaves the list', async () => {
    await linhaDoBebe.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Visita ao membro' })).toBeVisible();
    // The reasons are asked once the visit happened; the line's reason is already there.
    await page.getByRole('radio', { name: 'Visita realizada' }).check();
    await expect(page.getByRole('checkbox', { name: 'Recém-nascido' })).toBeChecked();
    await expectAccessible(page, 'visita aberta por quem visitar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(/foi salva com sucesso/)).toBeVisible();
    await page.goto(QUEM);
    await expect(tabela.getByRole('row').filter({ hasText: 'Família sem visita' }).first()).toBeVisible();
    await expect(linhaDoBebe).toHaveCount(0);
  });
});

test('on a desktop the worklist has its columns; on a phone it is one column without sideways scroll', async ({
  page,
  signInWithUnit,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(QUEM);
  const tabela = page.getByRole('table', { name: 'Pessoas e famílias para visitar' });
  await expect(tabela.getByRole('columnheader', { name: 'Última visita' })).toBeVisible();
  await fotografar(page, 'quem-visitar-1400');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(QUEM);
  await expect(page.getByRole('heading', { name: 'Quem visitar' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Pessoas e famílias para visitar' }).getByRole('row').nth(1),
  ).toBeVisible();
  const sobra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sobra).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'quem visitar no celular');
});

test('the ACE sees the properties due an endemic-control visit and visits one from the list', async ({
  page,
  context,
  signInWithUnit,
}) => {
  await signInWithUnit('ace', 'UBS Centro');
  const tabela = page.getByRole('table', { name: 'Imóveis para visita de controle de endemias' });
  await test.step('the visit list keeps the worklist on the device: it opens offline though never opened before', async () => {
    await comServiceWorker(page, LISTA);
    await expect.poll(() => copiasNoAparelho(page, '/quem_visitar/imoveis')).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Imóveis para visitar' }).click();
    await expect(page.getByRole('heading', { name: 'Imóveis para visitar' })).toBeVisible();
    await expect(tabela.getByRole('row').nth(1)).toBeVisible();
    await context.setOffline(false);
  });

  await test.step('online, the properties due with their reasons', async () => {
    await page.reload();
    await expect(tabela.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'imóveis para visitar');
    await fotografar(page, 'quem-visitar-imoveis-tablet');
  });

  await test.step('a tap opens the visit there with the reason checked; once visited the property leaves the list', async () => {
    // A property without a family (the demo's shop in micro-area 04): the visit is recorded at that property.
    const primeira = tabela.getByRole('row').filter({ hasText: 'Comércio' }).first().getByRole('link').first();
    const destino = (await primeira.getAttribute('href'))!;
    expect(destino).toMatch(/\/imovel\/[0-9a-f-]+\/visitar\?motivo=3[4-7]$/);
    await primeira.click();
    await expect(page.getByRole('heading', { name: 'Visita ao imóvel' })).toBeVisible();
    await expect(page.getByText(/Imóvel cadastrado: Avenida CENTRAL/)).toBeVisible();
    await page.getByRole('radio', { name: 'Visita realizada' }).check();
    const motivo = Number(new URL(destino, page.url()).searchParams.get('motivo'));
    const rotulo = { 34: 'Ação educativa', 35: 'Imóvel com foco', 36: 'Ação mecânica', 37: 'Tratamento focal' }[
      motivo
    ]!;
    await expect(page.getByRole('checkbox', { name: rotulo })).toBeChecked();
    await expectAccessible(page, 'visita aberta pela lista de imóveis');
    await fotografar(page, 'visita-imovel-tablet');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(/foi salva com sucesso/)).toBeVisible();
    await page.goto(`${LISTA}/quem_visitar/imoveis?per_page=100`);
    await expect(tabela.getByRole('row').nth(1)).toBeVisible();
    await expect(tabela.locator(`a[href="${destino}"]`)).toHaveCount(0);
  });
});

test("the manager adjusts a unit's intervals: a blank or zero interval is refused with its field, a valid one saves", async ({
  page,
  signInWithUnit,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/parametros/unidades_saude');
  // Another unit than the agents' tests use: its lists keep the defaults.
  const card = page.getByRole('listitem', { name: 'UBS Vila Esperança' });
  await card.getByRole('button', { name: /Intervalos de visita/ }).click();
  const gestante = card.getByRole('textbox', { name: 'Gestante' });
  await expect(gestante).toHaveValue('30');
  await gestante.fill('0');
  await card.getByRole('button', { name: 'Salvar parâmetros de UBS Vila Esperança' }).click();
  await expect(card.getByText('não é válido')).toBeVisible();
  await expectAccessible(page, 'intervalos de visita');
  await fotografar(page, 'parametros-intervalos-1400');
  await gestante.fill('45');
  await card.getByRole('button', { name: 'Salvar parâmetros de UBS Vila Esperança' }).click();
  await expect(page.getByText(/Parametrização de UBS Vila Esperança/)).toBeVisible();
  await page.reload();
  await page
    .getByRole('listitem', { name: 'UBS Vila Esperança' })
    .getByRole('button', { name: /Intervalos de visita/ })
    .click();
  await expect(
    page.getByRole('listitem', { name: 'UBS Vila Esperança' }).getByRole('textbox', { name: 'Gestante' }),
  ).toHaveValue('45');
  // Back to the default, so a second run starts the same.
  await page
    .getByRole('listitem', { name: 'UBS Vila Esperança' })
    .getByRole('textbox', { name: 'Gestante' })
    .fill('30');
  await page
    .getByRole('listitem', { name: 'UBS Vila Esperança' })
    .getByRole('button', { name: /Salvar parâmetros/ })
    .click();
  await expect(page.getByText(/Parametrização de UBS Vila Esperança/).first()).toBeVisible();
});
