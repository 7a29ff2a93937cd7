import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, expectLandmarksAndHeadings, fotografar, test } from './fixtures';
import { novaPessoa } from './dados';

// Issue 46 (LGPD): on a citizen's record the manager opens "Quem acessou", sees who registered and read the data,
// with profile, unit and part, narrows it by part and professional and exports it; other profiles have no such tab.

test("the manager's 'Quem acessou' tab lists, filters and exports who accessed a citizen", async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const enfermagem = await apiAs('enfermagem');
  const nome = `Titular Quem Acessou ${Date.now().toString(36).toUpperCase()}`;
  const { id } = await novaPessoa(enfermagem, nome);
  const medico = await apiAs('medico');
  expect((await medico.get(`/api/v1/municipes/${id}`)).status()).toBe(200);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto(`/municipes/${id}/edit`);
  await page.getByRole('tab', { name: 'Quem acessou' }).click();
  await expect(page).toHaveURL(new RegExp(`/municipes/${id}/edit/quem_acessou`));
  await expect(page.getByRole('heading', { level: 2, name: 'Quem acessou' })).toBeVisible();
  const tabela = page.getByRole('table', { name: 'Quem acessou' });
  const alteracao = tabela.getByRole('row').filter({ hasText: 'Enfermeira de Demonstração' });
  await expect(alteracao.filter({ hasText: 'Alteração' })).toContainText('Identificação');
  await expect(alteracao.filter({ hasText: 'Alteração' })).toContainText('Cadastrou · Cadastro do munícipe');
  const consultaMedico = tabela.getByRole('row').filter({ hasText: 'Consulta' }).filter({ hasText: 'Médico' });
  await expect(consultaMedico.first()).toContainText('UBS Centro');
  await expectAccessible(page, 'Quem acessou 1400');
  await expectLandmarksAndHeadings(page, 'Quem acessou 1400');
  await fotografar(page, 'municipes-quem-acessou-1400');

  // Reading the tab is an access too: the manager's own read is listed under "Histórico de acessos".
  await page.getByRole('combobox', { name: 'Parte do cadastro' }).click();
  await page.getByRole('option', { name: 'Histórico de acessos' }).click();
  await expect(page).toHaveURL(/parte=historico/);
  await expect(tabela.getByRole('row').filter({ hasText: 'Histórico de acessos' }).first()).toContainText(
    'Listou ou buscou',
  );
  await expect(tabela.getByRole('row').filter({ hasText: 'Enfermeira de Demonstração' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Parte do cadastro' }).click();
  await page.getByRole('option', { name: 'Identificação' }).click();
  await page.getByRole('searchbox', { name: 'Profissional' }).fill('Enfermeira');
  await expect(page).toHaveURL(/profissional=Enfermeira/);
  await expect(tabela.getByRole('row').filter({ hasText: 'Médico' })).toHaveCount(0);
  await expect(tabela.getByRole('row').filter({ hasText: 'Enfermeira de Demonstração' }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^quem-acessou-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await arquivo.path(), 'utf8');
  expect(csv).toContain('Data e hora;Profissional;Perfil;Unidade;Tipo;Parte;Ação;O que;Detalhes');
  expect(csv).toMatch(/Enfermeira de Demonstração;[^;]+;UBS Centro;Alteração;Identificação;Cadastrou;/);
  expect(csv).not.toContain('Médico de Demonstração');

  const downloadPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar PDF' }).click();
  const pdf = await downloadPdf;
  expect(pdf.suggestedFilename()).toMatch(/^quem-acessou-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // A period with nothing says so.
  await page.goto(`/municipes/${id}/edit/quem_acessou?de=2001-01-01&ate=2001-01-31`);
  await expect(page.getByText('Nenhum acesso neste período.')).toBeVisible();

  await page.setViewportSize({ width: 800, height: 1280 });
  await page.goto(`/municipes/${id}/edit/quem_acessou?per_page=50`);
  await expect(tabela.getByRole('row').filter({ hasText: 'Enfermeira de Demonstração' }).first()).toBeVisible();
  await expectAccessible(page, 'Quem acessou 800');
  await fotografar(page, 'municipes-quem-acessou-800');
});

test('other profiles have no "Quem acessou" tab and the API refuses them', async ({ page, apiAs, signInWithUnit }) => {
  const medico = await apiAs('medico');
  const lista = await medico.get('/api/v1/municipes?per_page=1');
  const [m] = (await lista.json()) as Array<{ id: string }>;
  expect((await medico.get(`/api/v1/municipes/${m!.id}/acessos?de=01/01/2020&ate=31/12/2030`)).status()).toBe(403);
  await signInWithUnit('medico');
  await page.goto(`/municipes/${m!.id}/edit`);
  await expect(page.getByRole('tab', { name: 'Identificação' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Quem acessou' })).toHaveCount(0);
  // A typed URL falls back to the record's first tab.
  await page.goto(`/municipes/${m!.id}/edit/quem_acessou`);
  await expect(page).toHaveURL(new RegExp(`/municipes/${m!.id}/edit$`));
});
