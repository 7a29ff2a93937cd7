// Export to e-SUS APS (issue 26) as the manager: asking without a unit is refused on screen, then the demo units'
// month is exported; the downloaded zip is opened and its files counted against the screen's report and the zip's
// relatorio.csv. A fresh household made by the agent for this run makes sure one record is new (the demo's own were
// sent by an earlier run). Axe on the page; screenshots at 1400×900 and 800×1280.
// Run: npm run build && E2E_PORT=3230 npx playwright test e2e/atencao_primaria_exportacao_esus.spec.ts
import { mkdirSync, readFileSync } from 'node:fs';
import { lerZip } from '../apps/api/src/modules/atencao_primaria/exportacao_esus/ledi_validacao.mjs';
import { novaCasa, unico } from './dados';
import { expect, expectAccessible, fotografar, SCREENSHOTS, test } from './fixtures';

test.describe.configure({ timeout: 240_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

test('the manager exports the month and the zip matches the report', async ({ page, apiAs, signInWithUnit }) => {
  const acs = await apiAs('acs');
  const casa = await novaCasa(acs, `Bairro ${unico()}`);
  await signInWithUnit('admin');
  await page.goto('/atencao_primaria/exportacao_esus');
  await expect(page.getByRole('heading', { name: 'Exportação para o e-SUS APS', level: 1 })).toBeVisible();

  await test.step('no unit chosen: the field says so, nothing is downloaded', async () => {
    await page.getByRole('button', { name: 'Exportar' }).click();
    await expect(page.getByText('Não pode ficar em branco')).toBeVisible();
  });

  const { arquivos, relatorio } = await test.step('every unit offered, this month: a zip', async () => {
    const unidades = page.getByRole('combobox', { name: 'Unidades' });
    await unidades.click();
    const opcoes = page.getByRole('option');
    await expect(opcoes.first()).toBeVisible();
    const total = await opcoes.count();
    for (let i = 0; i < total; i++) await page.getByRole('option', { selected: false }).first().click();
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const zip = lerZip(readFileSync(await (await download).path()));
    const xml = zip.filter((e) => e.fileName.endsWith('.esus.xml'));
    const csv = zip
      .find((e) => e.fileName === 'relatorio.csv')!
      .contents.toString('utf8')
      .trim()
      .split('\r\n');
    return { arquivos: xml.map((e) => e.fileName), relatorio: csv.slice(1) };
  });

  await test.step('files and report agree with the screen', async () => {
    const resumo = page.getByText(/ficha\(s\) exportada\(s\)/);
    await expect(resumo).toHaveText(
      `${arquivos.length} ficha(s) exportada(s), ${new Set(relatorio.map((l) => l.split(';')[1])).size} com problema (não exportadas).`,
    );
    const daCasa =
      arquivos.some((f) => f.endsWith(`-${casa.id}.esus.xml`)) || relatorio.some((l) => l.includes(casa.id));
    expect(daCasa, 'the household made for this run is exported or reported').toBe(true);
    await expectAccessible(page, 'exportação e-SUS APS');
    await fotografar(page, 'exportacao-esus-1400');
    await page.setViewportSize({ width: 800, height: 1280 });
    await fotografar(page, 'exportacao-esus-800');
  });

  await test.step("'Corrigir' on a record of another unit switches to it and opens the record (issue 39)", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const tabela = page.getByRole('table', { name: 'Fichas não exportadas' });
    const outra = tabela.getByRole('button', { name: /^Corrigir em / }).first();
    await expect(outra).toBeVisible();
    const unidade = (await outra.textContent())!.replace(/^Corrigir em /, '');
    await outra.click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Cadastro não encontrado')).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Unidade atual: ${unidade}. Trocar unidade` })).toBeVisible();
    await expectAccessible(page, 'cadastro aberto pelo relatório da exportação');
  });
});
