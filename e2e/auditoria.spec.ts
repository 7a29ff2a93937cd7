import { readFile } from 'node:fs/promises';
import { msg } from '@saude/shared/messages';
import { cnsFromPis } from '@saude/shared/validation/cns';
import { expect, expectAccessible, test } from './fixtures';
import { novoCpf } from './dados';

// Issue 14 (LGPD): a manager answers a citizen's "quem viu o meu cadastro?" from the access history, narrows it and
// exports it as CSV; other profiles are refused.

test("the manager sees who registered and read a citizen's data, filters it and exports it", async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const enfermagem = await apiAs('enfermagem');
  const nome = `Titular Auditado ${Date.now().toString(36).toUpperCase()}`;
  const criado = await enfermagem.post('/api/v1/municipes', {
    data: {
      nome,
      data_nascimento: '1980-05-17',
      sexo_id: 0,
      cpf_numero: novoCpf(),
      codigo_cns: cnsFromPis(`2${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`),
      telefones: { celular: '61991837465' },
      confirmar_duplicados: true,
    },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const { id } = (await criado.json()) as { id: string };
  expect((await enfermagem.get(`/api/v1/municipes/${id}`)).status()).toBe(200);

  await signInWithUnit('admin', 'UBS Centro');
  // The citizen header's link opens the record's own "Quem acessou" tab (issue 46); the whole trail filtered by the
  // citizen stays at /auditoria?municipe_id=.
  await page.goto(`/municipes/${id}/edit`);
  await page.getByRole('link', { name: 'Quem acessou este cadastro' }).click();
  await expect(page).toHaveURL(new RegExp(`/municipes/${id}/edit/quem_acessou`));
  await page.goto(`/auditoria?municipe_id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de acessos' })).toBeVisible();
  await expect(page.getByText(nome)).toBeVisible();
  const tabela = page.getByRole('table', { name: 'Histórico de acessos' });
  await expect(tabela.getByRole('row').filter({ hasText: 'Cadastrou' })).toContainText('Enfermeira de Demonstração');
  await expect(
    tabela.getByRole('row').filter({ hasText: 'Consultou' }).filter({ hasText: 'Enfermeira de Demonstração' }),
  ).toContainText('Cadastro do munícipe');
  await expectAccessible(page, '/auditoria?municipe_id');

  await page.getByRole('combobox', { name: 'Tipo de acesso' }).click();
  await page.getByRole('option', { name: 'Alterações' }).click();
  await expect(page).toHaveURL(/tipo=escrita/);
  await expect(tabela.getByRole('row').filter({ hasText: 'Consultou' })).toHaveCount(0);
  await expect(tabela.getByRole('row').filter({ hasText: 'Cadastrou' })).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^acessos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await arquivo.path(), 'utf8');
  expect(csv).toContain('Data e hora;Profissional;Unidade;Ação;O que;Registro;Endereço IP;Detalhes');
  expect(csv).toMatch(/Enfermeira de Demonstração;[^;]*;Cadastrou;Cadastro do munícipe/);
  expect(csv).not.toContain('Consultou');
});

test('a period with no access says so', async ({ page, signInWithUnit }) => {
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/auditoria?de=2001-01-01&ate=2001-01-31');
  await expect(page.getByText('Nenhum acesso encontrado.')).toBeVisible();
  await expectAccessible(page, '/auditoria vazio');
});

test('other profiles get the 403 page and the API refuses them', async ({ page, apiAs, signInWithUnit }) => {
  const medico = await apiAs('medico');
  expect((await medico.get('/api/v1/auditoria')).status()).toBe(403);
  await signInWithUnit('medico');
  await page.goto('/auditoria');
  await expect(page.getByText(msg.naoAutorizado)).toBeVisible();
});
