// System parameters, unit flags, reminders and the fingerprint tab (issue 21). `admin` is refused a blank client
// name and a 3-month audit retention, changes both and turns biometrics on in /ferramentas/parametrizacao, flips a unit flag in
// /parametros/unidades_saude; everything is put back in a finally (later specs see the demo's name and flags). `acs`
// is refused a blank reminder, adds one on the home page, ticks it and deletes it. The biometrics tab, with no
// fingerprint agent configured on the shared e2e server, says 'Falha na comunicação' (the agent's protocol is tested
// against a stand-in in leitorBiometrico.test.ts). axe on every screen; screenshots at 1400×900 and 800×1280.
// Run: npm run build && E2E_PORT=3223 npx playwright test e2e/ferramentas_parametros.spec.ts
import type { ParametrizacaoSistema, UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { novaPessoa, unico } from './dados';
import { expect, expectAccessible, fotografar, test } from './fixtures';

const PARAM = '/api/v1/ferramentas/parametrizacao';
const FLAGS = '/api/v1/parametros/unidades_saude';

test('admin changes the client name, biometrics and a unit flag; the biometrics tab fails without a reader', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const admin = await apiAs('admin');
  const original = (await (await admin.get(PARAM)).json()) as ParametrizacaoSistema;
  const unidades = (await (await admin.get(FLAGS)).json()) as UnidadeParametros[];
  const me = (await (await admin.get('/api/v2/auth/me')).json()) as { unidade_atual: { id: string } };
  const unidade = unidades.find((u) => u.id === me.unidade_atual.id)!;
  const nome = `Prefeitura de Teste ${unico()}`;
  try {
    await test.step('parameters: new name, biometrics on, saved; the top of the page shows the name', async () => {
      await signInWithUnit('admin');
      await page.goto('/ferramentas/parametrizacao');
      await expect(page.getByRole('heading', { name: 'Parâmetros do sistema', level: 1 })).toBeVisible();
      // A blank client name is refused on the field; nothing is sent.
      const cliente = page.getByRole('textbox', { name: /Nome do cliente/ });
      await cliente.fill('');
      let puts = 0;
      const contar = (x: { url(): string; method(): string }) => {
        if (x.url().endsWith(PARAM) && x.method() === 'PUT') puts += 1;
      };
      page.on('request', contar);
      // The audit retention (issue 41): under 6 months is refused on the field too.
      const retencao = page.getByRole('textbox', { name: /Meses de auditoria mantidos no sistema/ });
      await expect(retencao).toHaveValue(String(original.auditoria_meses_online));
      await retencao.fill('3');
      // The record's keeping after a death (issue 46): never under the 20 years of CFM 1.821/2007.
      const guarda = page.getByRole('textbox', { name: /Anos de guarda do cadastro após o óbito/ });
      await expect(guarda).toHaveValue(String(original.obito_anos_guarda));
      await guarda.fill('10');
      // The period to undo a merge of duplicates (issue 45): never negative.
      const desfazer = page.getByRole('textbox', { name: /Dias para desfazer uma unificação de cadastros/ });
      await expect(desfazer).toHaveValue(String(original.unificacao_prazo_dias));
      await desfazer.fill('-1');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(cliente).toHaveAccessibleDescription(/Não pode ficar em branco/);
      await expect(retencao).toHaveAccessibleDescription(/deve estar entre 6 e 240/);
      await expect(guarda).toHaveAccessibleDescription(/deve estar entre 20 e 100/);
      await expect(desfazer).toHaveAccessibleDescription(/deve estar entre 0 e 3650/);
      await expectAccessible(page, 'parâmetros do sistema com erro');
      page.off('request', contar);
      expect(puts).toBe(0);
      await retencao.fill('36');
      await guarda.fill('25');
      await desfazer.fill('90');
      await cliente.fill(nome);
      const bio = page.getByRole('switch', { name: /Habilitar biometria/ });
      if (!(await bio.isChecked())) await bio.click({ force: true });
      await expectAccessible(page, 'parâmetros do sistema');
      await fotografar(page, 'ferramentas_parametrizacao-1400');
      await page.setViewportSize({ width: 800, height: 1280 });
      await fotografar(page, 'ferramentas_parametrizacao-800x1280');
      await page.setViewportSize({ width: 1400, height: 900 });
      const r = page.waitForResponse((x) => x.url().endsWith(PARAM) && x.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Salvar' }).click();
      expect((await r).status()).toBe(200);
      await expect(page.getByText('Parametrização foi salva com sucesso')).toBeVisible();
      const publica = await (await admin.get('/api/ferramentas/parametrizacao')).json();
      expect(publica).toMatchObject({ cliente_nome: nome, habilita_biometria: true });
      expect(await (await admin.get(PARAM)).json()).toMatchObject({
        auditoria_meses_online: 36,
        obito_anos_guarda: 25,
        unificacao_prazo_dias: 90,
      });
    });

    await test.step('unit flags: the current unit gets "com agendamento" flipped and saved', async () => {
      await page.goto('/parametros/unidades_saude');
      const card = page.getByRole('listitem', { name: unidade.nome });
      await expect(card).toBeVisible();
      await card.getByRole('switch', { name: /Com agendamento/ }).click({ force: true });
      await expectAccessible(page, 'parâmetros das unidades');
      await fotografar(page, 'parametros_unidades_saude-1400');
      const r = page.waitForResponse((x) => x.url().endsWith(`${FLAGS}/${unidade.id}`));
      await card.getByRole('button', { name: `Salvar parâmetros de ${unidade.nome}` }).click();
      expect((await r).status()).toBe(200);
      const depois = ((await (await admin.get(FLAGS)).json()) as UnidadeParametros[]).find((u) => u.id === unidade.id);
      expect(depois?.com_agendamento).toBe(!unidade.com_agendamento);
      await page.setViewportSize({ width: 800, height: 1280 });
      await fotografar(page, 'parametros_unidades_saude-800x1280');
      await page.setViewportSize({ width: 1400, height: 900 });
    });

    await test.step("biometrics tab: no agent configured → 'Falha na comunicação'", async () => {
      const pessoa = await novaPessoa(admin, `Digital ${unico()}`);
      await page.goto(`/municipes/${pessoa.id}/edit/biometria`);
      await page.getByRole('button', { name: 'Capturar digital' }).click();
      await expect(page.getByRole('status').getByText('Falha na comunicação')).toBeVisible();
      await expectAccessible(page, 'aba biometria');
      await fotografar(page, 'municipes_biometria_falha-1400');
    });
  } finally {
    const atual = (await (await admin.get(PARAM)).json()) as ParametrizacaoSistema;
    const { updated_at: _u, ...volta } = { ...original, lock_version: atual.lock_version };
    const r1 = await admin.put(PARAM, { data: volta });
    expect(r1.status(), await r1.text()).toBe(200);
    const u = ((await (await admin.get(FLAGS)).json()) as UnidadeParametros[]).find((x) => x.id === unidade.id)!;
    const { id: _i, nome: _n, cnes: _c, ativo: _a, ...flags } = { ...unidade, lock_version: u.lock_version };
    const r2 = await admin.put(`${FLAGS}/${unidade.id}`, { data: flags });
    expect(r2.status(), await r2.text()).toBe(200);
  }
});

test('a user adds a reminder on the home page, ticks it and deletes it', async ({ page, signInWithUnit }) => {
  const texto = `Levar a balança ${unico()}`;
  await signInWithUnit('acs');
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Lembretes' });
  await expect(card).toBeVisible();
  // A blank reminder is refused on its field.
  await card.getByRole('textbox', { name: 'Novo lembrete' }).press('Enter');
  await expect(card.getByRole('textbox', { name: 'Novo lembrete' })).toHaveAccessibleDescription(
    /Não pode ficar em branco/,
  );
  await expectAccessible(page, 'lembrete em branco');
  await card.getByRole('textbox', { name: 'Data (opcional)' }).fill('15/12/2026');
  await card.getByRole('textbox', { name: 'Novo lembrete' }).fill(texto);
  await card.getByRole('textbox', { name: 'Novo lembrete' }).press('Enter');
  const item = card.getByRole('checkbox', { name: new RegExp(texto) });
  await expect(item).toBeVisible();
  await expect(card.getByText('15/12/2026')).toBeVisible();
  await item.click({ force: true });
  await expect(item).toBeChecked();
  await expectAccessible(page, 'início com lembretes');
  await fotografar(page, 'inicio_lembretes-1400');
  await page.setViewportSize({ width: 800, height: 1280 });
  await card.scrollIntoViewIfNeeded();
  await fotografar(page, 'inicio_lembretes-800x1280');
  await card.getByRole('button', { name: `Excluir lembrete ${texto}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Deseja excluir este lembrete?' });
  await dialogo.getByRole('button', { name: 'Sim, excluir' }).click();
  await expect(item).toHaveCount(0);
});
