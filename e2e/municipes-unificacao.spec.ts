import { expect, expectAccessible, expectLandmarksAndHeadings, fotografar, test, type Api } from './fixtures';
import { novaPessoa, unico, type Pessoa } from './dados';

/** A citizen with a mother's name and birth date of our choosing, made through the API. */
const pessoa = (api: Api, nome: string, mae: string, nascimento: string): Promise<Pessoa> =>
  novaPessoa(api, nome, { mae, nascimento });

// Issue 45: the manager finds duplicate citizens in a queue (found as they are saved, and by a search over the whole
// registry with its progress), tells a pair apart, merges a pair side by side after a confirmation, and undoes it.

/** A birth date of its own for each run (1930–1999), so the pairs of earlier runs never mix with ours. */
const nascimento = () => {
  const d = new Date(Date.UTC(1930, 0, 1) + Math.floor(Math.random() * 25_000) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

test('the manager merges a duplicate pair side by side, tells another apart, and undoes the merge', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const recepcao = await apiAs('recepcao');
  const u = unico();
  const nome = (s: string) => `Benedita ${u} Quiteria ${s}`;
  const dia = nascimento();
  const primeira = await pessoa(recepcao, nome('Souza'), `Ana ${u} Lima`, dia);
  const segunda = await pessoa(recepcao, nome('Sousa'), `Ana ${u} de Lima`, dia);
  const outroDia = nascimento();
  const pai = await pessoa(recepcao, `Joaquim ${u} Pereira`, `Rita ${u} Alves`, outroDia);
  await pessoa(recepcao, `Joaquim ${u} Pereira Filho`, `Rita ${u} Alves`, outroDia);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('admin', 'UBS Centro');
  // The manager's menu (its Administração group, shown as the home's tiles) leads to the queue.
  await page.getByRole('main').getByRole('link', { name: 'Cadastros duplicados' }).click();
  await expect(page).toHaveURL(/\/municipes\/unificacoes$/);
  await page.goto('/municipes/unificacoes?per_page=100');
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastros duplicados' })).toBeVisible();
  const fila = page.getByRole('table', { name: 'Pares sugeridos' });

  await test.step('the search over the whole registry shows its progress and ends', async () => {
    await page.getByRole('button', { name: 'Buscar duplicados em todo o cadastro' }).click();
    await expect(page.getByText(/Última busca concluída em/)).toBeVisible({ timeout: 60_000 });
  });

  const parBenedita = fila.getByRole('row').filter({ hasText: nome('Souza') });
  await expect(parBenedita).toContainText('Nome da mãe semelhante');
  await expectAccessible(page, 'Cadastros duplicados 1400');
  await expectLandmarksAndHeadings(page, 'Cadastros duplicados 1400');
  await fotografar(page, 'municipes-unificacao-fila-1400');

  await test.step('"Não é a mesma pessoa" takes a pair out of the queue for good', async () => {
    const parJoaquim = fila.getByRole('row').filter({ hasText: pai.nome });
    await parJoaquim.getByRole('button', { name: /^Não é a mesma pessoa/ }).click();
    await expect(page.getByText('Par marcado como pessoas diferentes')).toBeVisible();
    await expect(parJoaquim).toHaveCount(0);
  });

  await test.step('side by side: a value per field, then a confirmation before merging', async () => {
    await parBenedita.getByRole('link', { name: /^Comparar/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unificar cadastros' })).toBeVisible();
    const lados = page.url().includes(`a=${primeira.id}`) ? { a: primeira, b: segunda } : { a: segunda, b: primeira };
    await page.getByRole('radio', { name: `${lados.a.nome} (A)`, exact: true }).check();
    await page.getByRole('radio', { name: `Nome: ${primeira.nome}` }).check();
    await expectAccessible(page, 'Unificar 1400');
    await fotografar(page, 'municipes-unificacao-comparar-1400');
    await page.setViewportSize({ width: 800, height: 1280 });
    await expectAccessible(page, 'Unificar 800');
    await fotografar(page, 'municipes-unificacao-comparar-800');
    await page.getByRole('button', { name: 'Unificar', exact: true }).click();
    const dialogo = page.getByRole('dialog', { name: 'Unificar cadastros?' });
    await expect(dialogo).toContainText(`${lados.b.nome} será unificado em ${lados.a.nome}`);
    await expectAccessible(page, 'Confirmar unificação');
    await dialogo.getByRole('button', { name: 'Sim, unificar' }).click();
    await expect(page.getByText('Cadastros unificados com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/municipes/${lados.a.id}/edit`));
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(primeira.nome);
    // The absorbed record's old link opens the survivor.
    await page.goto(`/municipes/${lados.b.id}/edit`);
    await expect(page).toHaveURL(new RegExp(`/municipes/${lados.a.id}/edit`));
  });

  await test.step('the merge is undone from the "Unificações" tab after a confirmation', async () => {
    await page.goto('/municipes/unificacoes?aba=unificacoes&per_page=100');
    const linha = page
      .getByRole('table', { name: 'Unificações' })
      .getByRole('row')
      .filter({ hasText: `${u} Quiteria` });
    await expect(linha).toHaveCount(1);
    await expectAccessible(page, 'Unificações 800');
    await fotografar(page, 'municipes-unificacao-lista-800');
    await linha.getByRole('button', { name: /^Desfazer/ }).click();
    const dialogo = page.getByRole('dialog', { name: 'Desfazer unificação?' });
    await dialogo.getByRole('button', { name: 'Sim, desfazer' }).click();
    await expect(page.getByText('Unificação desfeita.')).toBeVisible();
    await expect(linha).toContainText('Desfeita em');
    // Both records are back, each with its own name.
    const admin = await apiAs('admin', { unidade: 'UBS Centro' });
    for (const p of [primeira, segunda]) {
      const r = await admin.get(`/api/v1/municipes/${p.id}`);
      expect(await r.json()).toMatchObject({ nome: p.nome, unificado_em_id: null });
    }
    await page.goto('/municipes/unificacoes?per_page=100');
    await expect(
      page
        .getByRole('table', { name: 'Pares sugeridos' })
        .getByRole('row')
        .filter({ hasText: nome('Souza') }),
    ).toHaveCount(1);
    await expectAccessible(page, 'Cadastros duplicados 800');
    await fotografar(page, 'municipes-unificacao-fila-800');
  });
});

/** dd/MM/yyyy of an instant, as São Paulo reads it (the notice's dates). */
const diaSp = (iso: string | Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

test("the survivor's record shows the merge it received and undoes it with one press", async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const recepcao = await apiAs('recepcao');
  const admin = await apiAs('admin', { unidade: 'UBS Centro' });
  const u = unico();
  const dia = nascimento();
  const maeFica = `Luzia ${u} Prado`;
  const maeSai = `Luzia ${u} do Prado`;
  const fica = await pessoa(recepcao, `Sebastiana ${u} Moreira`, maeFica, dia);
  const sai = await pessoa(recepcao, `Sebastiana ${u} Moreyra`, maeSai, dia);
  const versao = async (p: Pessoa) =>
    ((await (await admin.get(`/api/v1/municipes/${p.id}`)).json()) as { lock_version: number }).lock_version;
  const feita = await admin.post('/api/v1/municipes/unificacoes', {
    data: {
      municipe_a_id: fica.id,
      municipe_b_id: sai.id,
      sobrevivente: 'a',
      // The survivor keeps its name; the mother's name comes from the absorbed one (the more recently saved).
      escolhas: { nome: 'a' },
      lock_version_a: await versao(fica),
      lock_version_b: await versao(sai),
    },
  });
  expect(feita.status()).toBe(201);
  const unificacao = (await feita.json()) as { id: string; unificado_em: string; desfazer_ate: string };

  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes('/api/v1/municipes/unificacoes/')) deletes.push(r.url());
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto(`/municipes/${fica.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: fica.nome })).toBeVisible();
  const nomeMae = page.getByLabel('Nome da mãe', { exact: true });
  await expect(nomeMae).toHaveValue(maeSai);
  const aviso = page.getByRole('status').filter({ hasText: 'Este cadastro recebeu os dados de' });

  await test.step('the notice says whose data it received, when, and until when it can be undone', async () => {
    await expect(aviso).toHaveText(
      new RegExp(
        `Este cadastro recebeu os dados de ${sai.nome} em ${diaSp(unificacao.unificado_em)}\\. ` +
          `A unificação pode ser desfeita até ${diaSp(unificacao.desfazer_ate)}\\.`,
      ),
    );
    await expectAccessible(page, 'Cadastro com unificação 1400');
    await expectLandmarksAndHeadings(page, 'Cadastro com unificação 1400');
    await fotografar(page, 'municipes-unificacao-aviso-1400');
    await page.setViewportSize({ width: 800, height: 1280 });
    await expectAccessible(page, 'Cadastro com unificação 800');
    await fotografar(page, 'municipes-unificacao-aviso-800');
  });

  await test.step('a double click asks once; a double click on "Sim, desfazer" undoes once', async () => {
    await aviso.getByRole('button', { name: 'Desfazer unificação' }).dblclick();
    const dialogo = page.getByRole('dialog', { name: 'Desfazer unificação?' });
    await expect(dialogo).toHaveCount(1);
    await expect(dialogo).toContainText(`${sai.nome} volta a ser um cadastro separado de ${fica.nome}`);
    await expectAccessible(page, 'Confirmar desfazer no cadastro');
    await dialogo.getByRole('button', { name: 'Sim, desfazer' }).dblclick();
    await expect(page.getByText('Unificação desfeita. Os dois cadastros voltaram a ser como eram.')).toBeVisible();
    await expect(aviso).toHaveCount(0);
    await expect(dialogo).toHaveCount(0);
    expect(deletes).toEqual([expect.stringContaining(unificacao.id)]);
    // The form holds the restored record, not the merged values it was opened with.
    await expect(nomeMae).toHaveValue(maeFica);
  });

  await test.step('the absorbed citizen is back: its old link opens its own record', async () => {
    await page.goto(`/municipes/${sai.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: sai.nome })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/municipes/${sai.id}/edit`));
    expect(await (await admin.get(`/api/v1/municipes/${sai.id}`)).json()).toMatchObject({ unificado_em_id: null });
    // Nothing is offered on either record any more.
    await expect(page.getByText('Este cadastro recebeu os dados de')).toHaveCount(0);
    expect(deletes).toHaveLength(1);
  });
});
