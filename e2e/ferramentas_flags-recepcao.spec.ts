// The unit flags sem_validacao, validacao_completa_municipe and exportacao_esus as the manager and the receptionist
// see them (issue 39). The manager is refused both reception checks at once on /parametros/unidades_saude, turns the
// complete check on at the UPA; the receptionist then cannot register the arrival of a citizen whose record lacks
// the mother's name and address (the screen lists them and links to the record), and can for a complete one; with
// the check off the screen only warns; with sem_validacao it says nothing. The manager turns a UBS's e-SUS export off
// and the export screen names it as left out. Every flag is put back in a finally (this spec runs alone: it changes
// what every user of those units sees). axe on every screen; screenshots at 1400×900 and 800×1280.
// Run: npm run build && E2E_PORT=3963 npx playwright test e2e/ferramentas_flags-recepcao.spec.ts
import type { Page } from '@playwright/test';
import type { UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { validacaoRecepcaoMsg } from '@saude/shared/schemas/validacao_recepcao';
import { novaPessoa, novoCns, novoCpf, unico } from './dados';
import { type Api, expect, expectAccessible, fotografar, test } from './fixtures';

const FLAGS = '/api/v1/parametros/unidades_saude';
const RECEPCAO = '/urgencia_emergencia/atendimentos';
const UPA = 'UPA 24h Municipal';
const UBS = 'UBS Vila Esperança';

test.describe.configure({ timeout: 240_000 });

const ler = async (admin: Api, nome: string) =>
  ((await (await admin.get(FLAGS)).json()) as UnidadeParametros[]).find((u) => u.nome === nome)!;

/** Sets a unit's flags through the API (the page's own save is driven in the first step). */
async function gravar(admin: Api, nome: string, flags: Partial<UnidadeParametros>) {
  const { id, nome: _n, cnes: _c, ativo: _a, ...atual } = await ler(admin, nome);
  const res = await admin.put(`${FLAGS}/${id}`, { data: { ...atual, ...flags } });
  expect(res.status(), await res.text()).toBe(200);
}

async function fotos(page: Page, nome: string) {
  await fotografar(page, `flags-recepcao-${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `flags-recepcao-${nome}-800x1280`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('the reception and export flags change what the receptionist and the manager see', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const admin = await apiAs('admin');
  const originais = { upa: await ler(admin, UPA), ubs: await ler(admin, UBS) };
  const recepcao = await apiAs('recepcao');
  // Only what the registry requires: no mother's name, no address.
  const incompleta = await novaPessoa(recepcao, `Recepção Incompleta ${unico()}`);
  const completa = await recepcao.post('/api/v1/municipes', {
    data: {
      nome: `Recepção Completa ${unico()}`,
      data_nascimento: '1982-07-09',
      sexo_id: 0,
      cpf_numero: novoCpf(),
      codigo_cns: novoCns(),
      nome_mae: 'Joana Ribeiro',
      telefones: { celular: '61991837465' },
      residencia_logradouro: 'Rua das Acácias',
      residencia_numero: 'S/N',
      residencia_bairro: 'Centro',
      residencia_municipio_ibge: '5300108',
      confirmar_duplicados: true,
    },
  });
  expect(completa.status(), await completa.text()).toBe(201);
  const completo = (await completa.json()) as { id: string; nome: string };

  try {
    await test.step('manager: both reception checks together are refused; the complete check alone is saved', async () => {
      await signInWithUnit('admin');
      await page.goto('/parametros/unidades_saude');
      const card = page.getByRole('listitem', { name: UPA });
      // Each of these flags explains what it does, without "Ainda sem efeito nesta versão".
      for (const inicio of [
        'A recepção de urgência registra a chegada sem conferir',
        'A recepção de urgência só registra a chegada',
        'Os cadastros individuais, cadastros domiciliares e visitas',
      ]) {
        const texto = card.getByText(new RegExp(`^${inicio}`));
        await expect(texto).toBeVisible();
        await expect(texto).not.toContainText('Ainda sem efeito');
      }
      await card.getByRole('switch', { name: /^Sem validação de cadastro/ }).click({ force: true });
      await card.getByRole('switch', { name: /^Validação completa do munícipe/ }).click({ force: true });
      const salvar = card.getByRole('button', { name: `Salvar parâmetros de ${UPA}` });
      await salvar.click();
      await expect(card.getByText(validacaoRecepcaoMsg.conflito)).toBeVisible();
      await expectAccessible(page, 'parâmetros das unidades com conflito');
      await card.scrollIntoViewIfNeeded();
      await fotos(page, 'parametros');
      await card.getByRole('switch', { name: /^Sem validação de cadastro/ }).click({ force: true });
      const r = page.waitForResponse((x) => x.url().endsWith(`${FLAGS}/${originais.upa.id}`));
      await salvar.click();
      expect((await r).status()).toBe(200);
      expect(await ler(admin, UPA)).toMatchObject({ sem_validacao: false, validacao_completa_municipe: true });
    });

    await signInWithUnit('recepcao');
    await test.step('receptionist, complete check: the incomplete record waits, with what is missing', async () => {
      await page.goto(`${RECEPCAO}/${incompleta.id}/chamar`);
      const alerta = page.getByRole('alert');
      await expect(alerta).toContainText('Complete o cadastro para registrar a chegada');
      await expect(alerta).toContainText(`Falta no cadastro de ${incompleta.nome}:`);
      const faltas = alerta.getByRole('list', { name: 'Falta no cadastro' });
      await expect(faltas.getByRole('listitem')).toHaveText([
        'Nome da mãe',
        'Logradouro',
        'Número',
        'Bairro',
        'Município de residência',
      ]);
      await expect(page.getByRole('button', { name: 'Registrar chegada' })).toHaveCount(0);
      await expectAccessible(page, 'chegada bloqueada por cadastro incompleto');
      await fotos(page, 'bloqueio');
      await alerta.getByRole('link', { name: 'Completar cadastro' }).click();
      await expect(page).toHaveURL(new RegExp(`/municipes/${incompleta.id}/edit$`));
      await expect(page.getByRole('textbox', { name: /Nome da mãe/ })).toBeVisible();
    });

    await test.step('receptionist, complete check: a complete record registers the arrival', async () => {
      await page.goto(`${RECEPCAO}/${completo.id}/chamar`);
      await expect(page.getByRole('heading', { name: 'Registrar chegada', level: 1 })).toBeVisible();
      await expect(page.getByText('Cadastro incompleto')).toHaveCount(0);
      await page.getByRole('combobox', { name: /Tipo de chegada/ }).click();
      await page.getByRole('option', { name: 'Meios próprios', exact: true }).click();
      await page.getByRole('button', { name: 'Registrar chegada' }).click();
      await expect(page).toHaveURL(/\/urgencia_emergencia\/atendimentos\/[0-9a-f-]+\/show$/);
    });

    await test.step('receptionist, default check: the same record is only warned about', async () => {
      await gravar(admin, UPA, { validacao_completa_municipe: false, sem_validacao: false });
      await page.goto(`${RECEPCAO}/${incompleta.id}/chamar`);
      await expect(page.getByText('Cadastro incompleto', { exact: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Falta no cadastro' }).getByRole('listitem')).toHaveCount(5);
      await expect(page.getByRole('link', { name: 'Completar cadastro' })).toBeVisible();
      await expectAccessible(page, 'chegada com aviso de cadastro incompleto');
      await fotos(page, 'aviso');
      await page.getByRole('combobox', { name: /Tipo de chegada/ }).click();
      await page.getByRole('option', { name: 'Meios próprios', exact: true }).click();
      await page.getByRole('button', { name: 'Registrar chegada' }).click();
      await expect(page).toHaveURL(/\/urgencia_emergencia\/atendimentos\/[0-9a-f-]+\/show$/);
    });

    await test.step('receptionist, sem_validacao: no check, no warning', async () => {
      await gravar(admin, UPA, { sem_validacao: true });
      await page.goto(`${RECEPCAO}/${incompleta.id}/chamar`);
      await expect(page.getByRole('button', { name: 'Registrar chegada' })).toBeVisible();
      await expect(page.getByText('Cadastro incompleto')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Completar cadastro' })).toHaveCount(0);
      await expectAccessible(page, 'chegada sem validação');
    });

    await test.step('manager: a UBS with the e-SUS export off is named as left out, not offered', async () => {
      await signInWithUnit('admin');
      await page.goto('/parametros/unidades_saude');
      const card = page.getByRole('listitem', { name: UBS });
      await card.getByRole('switch', { name: /^Exportação e-SUS/ }).click({ force: true });
      const r = page.waitForResponse((x) => x.url().endsWith(`${FLAGS}/${originais.ubs.id}`));
      await card.getByRole('button', { name: `Salvar parâmetros de ${UBS}` }).click();
      expect((await r).status()).toBe(200);
      await page.goto('/atencao_primaria/exportacao_esus');
      const fora = page.getByRole('region', { name: /fora da exportação/ });
      await expect(fora).toContainText(UBS);
      await expect(fora).toContainText(UPA);
      await expect(fora).toContainText('“Exportação e-SUS” desligada');
      await page.getByRole('combobox', { name: 'Unidades' }).click();
      await expect(page.getByRole('option', { name: /UBS Centro/ })).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(UBS) })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expectAccessible(page, 'exportação com unidades fora');
      await fotos(page, 'exportacao');
      // On again: offered again.
      await gravar(admin, UBS, { exportacao_esus: true });
      await page.reload();
      await expect(page.getByRole('region', { name: /fora da exportação/ })).not.toContainText(UBS);
    });
  } finally {
    const { id: _u, nome: _n, cnes: _c, ativo: _a, lock_version: _l, ...upa } = originais.upa;
    const { id: _u2, nome: _n2, cnes: _c2, ativo: _a2, lock_version: _l2, ...ubs } = originais.ubs;
    await gravar(admin, UPA, upa);
    await gravar(admin, UBS, ubs);
  }
});
