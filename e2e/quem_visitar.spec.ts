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
