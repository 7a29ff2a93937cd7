import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, expectLandmarksAndHeadings, fotografar, test, type DemoLogin } from './fixtures';
import { novaPessoa } from './dados';

// Issue 46 (LGPD): the data-protection officer (login encarregado) issues the citizen's copy — PDF and JSON — from the
// record, and records a correction request; whoever edits the citizen (reception) sees it on the record and closes it,
// refusing only with a reason. Other profiles have neither the copy nor "Quem acessou".

const ENCARREGADO = 'encarregado' as DemoLogin;

test('the data-protection officer downloads the copy and records a correction request', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const enfermagem = await apiAs('enfermagem');
  const nome = `Titular Copia ${Date.now().toString(36).toUpperCase()}`;
  const { id } = await novaPessoa(enfermagem, nome);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit(ENCARREGADO, 'UBS Centro');
  await page.goto(`/municipes/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Quem acessou' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quem acessou este cadastro' })).toHaveAttribute(
    'href',
    `/municipes/${id}/edit/quem_acessou`,
  );
  await expect(page.getByText('Nenhum pedido de correção.')).toBeVisible();

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Cópia dos dados (PDF)' }).click();
  const arquivoPdf = await pdf;
  expect(arquivoPdf.suggestedFilename()).toMatch(/^copia-dados-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await arquivoPdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Cópia dos dados (JSON)' }).click();
  const copia = JSON.parse(await readFile(await (await json).path(), 'utf8')) as {
    titular: string;
    secoes: Array<{ titulo: string; registros: Array<{ itens: Array<{ rotulo: string; valor: string }> }> }>;
  };
  expect(copia.titular).toBe(nome);
  expect(copia.secoes[0]!.titulo).toBe('Identificação');
  expect(copia.secoes[0]!.registros[0]!.itens).toContainEqual({ rotulo: 'Nome', valor: nome });

  await page.getByRole('button', { name: 'Registrar pedido de correção' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar pedido de correção' });
  await dialogo.getByRole('button', { name: 'Registrar pedido' }).click();
  await expect(dialogo.getByText('Não pode ficar em branco').first()).toBeVisible();
  await dialogo.getByRole('combobox', { name: 'Dado a corrigir' }).fill('E-mail');
  await page.getByRole('option', { name: 'E-mail', exact: true }).click();
  await dialogo.getByRole('textbox', { name: 'Correção pedida' }).fill('O e-mail correto é titular@exemplo.com.br');
  await expectAccessible(page, 'Registrar pedido de correção');
  await dialogo.getByRole('button', { name: 'Registrar pedido' }).click();
  await expect(dialogo).toHaveCount(0);
  const painel = page.getByRole('region', { name: 'Pedidos de correção' });
  await expect(painel.getByText('1 em aberto')).toBeVisible();
  await expect(painel.getByText('O e-mail correto é titular@exemplo.com.br')).toBeVisible();
  await expectAccessible(page, 'Cópia e pedidos 1400');
  await expectLandmarksAndHeadings(page, 'Cópia e pedidos 1400');
  await fotografar(page, 'municipes-lgpd-1400');

  // The copy lists the request.
  const depois = await (await apiAs(ENCARREGADO)).get(`/api/v1/municipes/${id}/copia.json`);
  const secoes = ((await depois.json()) as typeof copia).secoes;
  expect(JSON.stringify(secoes.find((s) => s.titulo === 'Pedidos de correção'))).toContain('titular@exemplo.com.br');

  await page.setViewportSize({ width: 800, height: 1280 });
  await page.reload();
  await expect(painel.getByText('1 em aberto')).toBeVisible();
  await expectAccessible(page, 'Cópia e pedidos 800');
  await fotografar(page, 'municipes-lgpd-800');
});

test('reception sees the open request on the record and closes it, refusing only with a reason', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const enfermagem = await apiAs('enfermagem');
  const nome = `Titular Correcao ${Date.now().toString(36).toUpperCase()}`;
  const { id } = await novaPessoa(enfermagem, nome);
  const encarregado = await apiAs(ENCARREGADO);
  for (const descricao of ['O nome da mãe está sem o sobrenome Lima', 'O telefone celular mudou'])
    expect(
      (
        await encarregado.post(`/api/v1/municipes/${id}/correcoes`, {
          data: { campo: descricao.includes('mãe') ? 'nome_mae' : 'telefones', descricao },
        })
      ).status(),
    ).toBe(201);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('recepcao');
  await page.goto(`/municipes/${id}/edit`);
  const painel = page.getByRole('region', { name: 'Pedidos de correção' });
  await expect(painel.getByText('2 em aberto')).toBeVisible();
  // Reception edits the citizen but neither issues the copy nor reads who accessed them, nor records requests.
  await expect(page.getByRole('button', { name: 'Cópia dos dados (PDF)' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Quem acessou' })).toHaveCount(0);
  await expect(painel.getByRole('button', { name: 'Registrar pedido de correção' })).toHaveCount(0);

  const pedidoMae = painel.getByRole('alert').filter({ hasText: 'sobrenome Lima' });
  await pedidoMae.getByRole('button', { name: 'Recusar…' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Recusar pedido de correção' });
  await dialogo.getByRole('button', { name: 'Recusar pedido' }).click();
  await expect(dialogo.getByText('Informe o motivo da recusa: ele será comunicado ao munícipe.')).toBeVisible();
  await expectAccessible(page, 'Recusar pedido de correção');
  await dialogo.getByRole('textbox', { name: 'Motivo da recusa' }).fill('A certidão de nascimento não traz Lima.');
  await dialogo.getByRole('button', { name: 'Recusar pedido' }).click();
  await expect(dialogo).toHaveCount(0);
  await expect(painel.getByText('1 em aberto')).toBeVisible();

  const pedidoTelefone = painel.getByRole('alert').filter({ hasText: 'telefone celular' });
  await pedidoTelefone.getByRole('button', { name: 'Marcar como corrigido' }).click();
  await expect(painel.getByRole('alert')).toHaveCount(0);
  await painel.getByText('Pedidos encerrados (2)').click();
  await expect(painel.getByText(/Recusada em .* por Recepcionista de Demonstração\. Motivo: A certidão/)).toBeVisible();
  await expect(painel.getByText(/O telefone celular mudou — Corrigida/)).toBeVisible();
  await expectAccessible(page, 'Pedidos encerrados 1400');
  await fotografar(page, 'municipes-lgpd-recepcao-1400');

  await page.setViewportSize({ width: 800, height: 1280 });
  await expectAccessible(page, 'Pedidos encerrados 800');
  await fotografar(page, 'municipes-lgpd-recepcao-800');

  // Saving the record with the requested field changed closes that request as corrected.
  const pedido = await encarregado.post(`/api/v1/municipes/${id}/correcoes`, {
    data: { campo: 'email', descricao: 'O e-mail é novo@exemplo.com.br' },
  });
  expect(pedido.status()).toBe(201);
  await page.reload();
  await expect(painel.getByText('1 em aberto')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('novo@exemplo.com.br');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Ficha de munícipe foi salva com sucesso')).toBeVisible();
  await expect(painel.getByRole('alert')).toHaveCount(0);
  await expect(painel.getByText('Pedidos encerrados (3)')).toBeVisible();

  // Another clinical profile that does not edit citizens: no requests, no copy (the API refuses it too).
  const vigilancia = await apiAs('vigilancia');
  expect((await vigilancia.get(`/api/v1/municipes/${id}/correcoes`)).status()).toBe(403);
  expect((await vigilancia.get(`/api/v1/municipes/${id}/copia.pdf`)).status()).toBe(403);
});
