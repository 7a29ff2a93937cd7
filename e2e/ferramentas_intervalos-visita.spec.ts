// One press does one thing (issue 39's rule) on the units' parameters screen: the per-unit visit intervals of "Quem
// visitar" (issue 44) are saved by the card's "Salvar"; a double click (a double tap on a tablet) sends one PUT and the
// unit's version moves by one — a second PUT with the same lock_version would come back 409 and tell the manager
// someone else changed the unit. The intervals are put back in a finally (ferramentas_: runs alone, it changes what
// the unit's agents see). axe on the open panel.
// Run: npm run build && E2E_PORT=3961 npx playwright test e2e/ferramentas_intervalos-visita.spec.ts --project estado-global --no-deps
import type { UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { expect, expectAccessible, test } from './fixtures';

const FLAGS = '/api/v1/parametros/unidades_saude';
const UNIDADE = 'UBS Vila Esperança';

test('a double click on the intervals\u2019 "Salvar" saves once', async ({ page, apiAs, signInWithUnit }) => {
  const admin = await apiAs('admin');
  const ler = async () =>
    ((await (await admin.get(FLAGS)).json()) as UnidadeParametros[]).find((u) => u.nome === UNIDADE)!;
  const original = await ler();
  const novo = original.intervalos_visita.gestante === 28 ? 27 : 28;
  try {
    await signInWithUnit('admin');
    await page.goto('/parametros/unidades_saude');
    const card = page.getByRole('listitem', { name: UNIDADE });
    await card.getByRole('button', { name: /Intervalos de visita do “Quem visitar”/ }).click();
    const gestante = card.locator('[data-intervalo="gestante"] input, input[data-intervalo="gestante"]').first();
    await gestante.fill(String(novo));
    await expect(card.getByText('Alterações não salvas')).toBeVisible();
    await expectAccessible(page, 'intervalos de visita da unidade');

    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`${FLAGS}/${original.id}`)) puts.push(r.url());
    });
    const resposta = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`${FLAGS}/${original.id}`),
    );
    await card.getByRole('button', { name: `Salvar parâmetros de ${UNIDADE}` }).dblclick();
    expect((await resposta).status()).toBe(200);
    await expect(page.getByText(`Parametrização de ${UNIDADE} foi salva com sucesso`)).toBeVisible();
    await expect(card.getByText('Alterações não salvas')).toHaveCount(0);
    // Whatever a second press would have sent has had its chance: the version moved once, one PUT left the page.
    const salvo = await ler();
    expect(salvo.intervalos_visita.gestante).toBe(novo);
    expect(salvo.lock_version).toBe(original.lock_version + 1);
    expect(puts).toHaveLength(1);
    await expect(page.getByText('Este registro foi alterado por outra pessoa')).toHaveCount(0);
  } finally {
    const { id, nome: _n, cnes: _c, ativo: _a, lock_version: _l, ...volta } = original;
    const atual = await ler();
    const res = await admin.put(`${FLAGS}/${id}`, { data: { ...volta, lock_version: atual.lock_version } });
    expect(res.status(), await res.text()).toBe(200);
  }
});
