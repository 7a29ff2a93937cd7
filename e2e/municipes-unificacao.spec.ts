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
