// Households and families (issue 7): an ACS registers a home with the CEP lookup, creates a family with a head and two
// members, links it to the home from the household's Famílias tab, is refused a member of another family, opens a
// household that does not exist, and removes a home (refused while it has families, then confirmed).
// Run: npm run build -w apps/web && E2E_PORT=3171 npx playwright test e2e/cadastros_domiciliares.spec.ts --output=/tmp/pw-web7
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SENHA_DEMO, test } from './fixtures';

const DOMICILIOS = '/atencao_primaria/cadastros_domiciliares';
const FAMILIAS = '/atencao_primaria/familias';
const EM_OUTRA_FAMILIA = 'Este munícipe já está cadastrado em outra família';
const COM_FAMILIAS = 'Não é possível remover este domicílio: há famílias vinculadas. Desvincule-as antes de remover.';

type Pessoa = { id: string; nome: string; data_nascimento: string; data_obito: string | null };

async function tokenDe(request: APIRequestContext, login: 'admin' | 'acs'): Promise<string> {
  const res = await request.post('/api/v2/auth/login', { data: { login, senha: SENHA_DEMO } });
  expect(res.ok()).toBe(true);
  const { token, usuario } = (await res.json()) as { token: string; usuario: { unidade_atual: unknown } };
  const headers = { authorization: `Bearer ${token}` };
  if (!usuario.unidade_atual) {
    const lotacoes = (await (await request.get('/api/v2/auth/lotacoes', { headers })).json()) as Array<{
      unidade_saude_id: string;
      unidade_nome: string;
    }>;
    const l = lotacoes.find((x) => x.unidade_nome === 'UBS Centro') ?? lotacoes[0]!;
    await request.put('/api/v2/auth/unidade_atual', { headers, data: { unidade_saude_id: l.unidade_saude_id } });
  }
  return token;
}

/** Three living adults who are in no family, and one who is (found through the API). */
async function pessoasDaDemo(request: APIRequestContext): Promise<{ livres: Pessoa[]; ocupada: Pessoa }> {
  const headers = { authorization: `Bearer ${await tokenDe(request, 'admin')}` };
  const livres: Pessoa[] = [];
  let ocupada: Pessoa | undefined;
  const adulto = (iso: string) => (Date.now() - Date.parse(iso)) / (365.25 * 86_400_000) > 18;
  for (let page = 1; page <= 3 && (livres.length < 3 || !ocupada); page++) {
    const rows = (await (
      await request.get(`/api/v1/municipes?per_page=100&page=${page}`, { headers })
    ).json()) as Pessoa[];
    for (const r of rows) {
      if (r.data_obito || !adulto(r.data_nascimento)) continue;
      if (livres.length >= 3 && ocupada) break;
      const res = await request.get(`/api/v1${FAMILIAS}?municipe_id=${r.id}&per_page=1`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      const emFamilia = ((await res.json()) as unknown[]).length > 0;
      if (emFamilia) ocupada ??= r;
      else if (livres.length < 3 && !livres.some((l) => l.nome === r.nome)) livres.push(r);
    }
    if (rows.length < 100) break;
  }
  expect(livres, 'three demo adults in no family').toHaveLength(3);
  expect(ocupada, 'a demo citizen already in a family').toBeDefined();
  return { livres, ocupada: ocupada! };
}

/** Picks a citizen in a picker by typing their full name, as a user would. */
async function escolherPessoa(page: Page, campo: string, nome: string) {
  const box = page.getByRole('combobox', { name: campo, exact: true });
  await box.pressSequentially(nome, { delay: 10 });
  await page
    .getByRole('option', { name: new RegExp(`^${nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ·`) })
    .first()
    .click();
}

async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByRole('combobox', { name: campo, exact: true }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/** A random UUID v7 (the shape of the app's ids), of no record. */
function uuidV7(): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const ts = Date.now().toString(16).padStart(12, '0');
  return `${ts.slice(0, 8)}-${ts.slice(8)}-7${hex(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${hex(3)}-${hex(12)}`;
}

test('ACS registers a home, creates a family, links it, is refused a member of another family, and removes the home', async ({
  page,
  request,
  signInWithUnit,
}) => {
  test.setTimeout(240_000);
  const { livres, ocupada } = await pessoasDaDemo(request);
  const [chefe, conjuge, filho] = livres as [Pessoa, Pessoa, Pessoa];
  const numero = String(100 + Math.floor(Math.random() * 800));
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('acs', 'UBS Centro');

  await test.step('register a home with the CEP lookup', async () => {
    await page.goto(DOMICILIOS);
    await expect(page.getByRole('heading', { name: 'Cadastros domiciliares' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('link', { name: 'Novo cadastro domiciliar' }).click();
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.getByRole('combobox', { name: 'Tipo de imóvel' })).toHaveValue('Domicílio');
    await page.getByRole('textbox', { name: 'Micro-área', exact: true }).pressSequentially('01');
    const cep = page.getByRole('textbox', { name: 'CEP', exact: true });
    await cep.pressSequentially('70000-001');
    await expect(cep).toHaveValue('70000-001');
    await expect(page.getByRole('textbox', { name: 'Logradouro', exact: true })).not.toHaveValue('', {
      timeout: 10_000,
    });
    await expect(page.getByRole('textbox', { name: 'Bairro', exact: true })).not.toHaveValue('');
    await page.getByRole('textbox', { name: 'Número', exact: true }).pressSequentially(numero);
    await escolher(page, 'Situação de moradia / posse da terra', 'Próprio');
    await page.getByRole('radio', { name: 'Urbana', exact: true }).check();
    await page.getByRole('textbox', { name: 'Número de moradores' }).pressSequentially('3');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/detalhes$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: new RegExp(`, ${numero} - `) })).toBeVisible();
    // The page's own actions (the side menu has links of the same names).
    const acoes = page.getByRole('main');
    await expect(acoes.getByRole('link', { name: 'Editar domicílio' })).toBeVisible();
    await expect(acoes.getByRole('link', { name: 'Cadastro individual' })).toHaveAttribute(
      'href',
      '/atencao_primaria/cadastros_individuais/new',
    );
    await expect(acoes.getByRole('link', { name: 'Visitas domiciliares' })).toHaveAttribute(
      'href',
      '/atencao_primaria/visitas_domiciliares',
    );
  });
  const detalhe = page.url();

  await test.step('create a family with a head and two members', async () => {
    await page.goto(`${FAMILIAS}/new`);
    await expect(page.getByRole('heading', { name: 'Nova família' })).toBeVisible();
    await escolherPessoa(page, 'Responsável familiar', chefe.nome);
    await expect(page.getByLabel('Responsável familiar (membro)')).toContainText(chefe.nome);
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    await escolherPessoa(page, 'Membro 1', conjuge.nome);
    await escolher(page, 'Parentesco do membro 1', 'Cônjuge / Companheiro(a)');
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    await escolherPessoa(page, 'Membro 2', filho.nome);
    await escolher(page, 'Parentesco do membro 2', 'Irmão / Irmã');
    await page.getByRole('textbox', { name: 'Reside desde' }).pressSequentially('032020');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Família foi salva com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/familias\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: `Família de ${chefe.nome}` })).toBeVisible();
    await expect(page.getByText('Sem domicílio vinculado')).toBeVisible();
  });
  const familiaUrl = page.url();

  await test.step("link it to the home from the household's Famílias tab", async () => {
    await page.goto(detalhe);
    await page.getByRole('main').getByRole('link', { name: 'Editar domicílio' }).click();
    await page.getByRole('tab', { name: 'Famílias' }).click();
    await expect(page).toHaveURL(/\/edit\/familias$/);
    await page.getByRole('button', { name: 'Vincular família' }).click();
    const modal = page.getByRole('dialog', { name: 'Vincular família' });
    await modal.getByRole('combobox', { name: 'Família' }).pressSequentially(chefe.nome, { delay: 10 });
    await page.getByRole('option', { name: new RegExp(`^${chefe.nome} · .*3 membros$`) }).click();
    await modal.getByRole('button', { name: 'Vincular' }).click();
    await expect(page.getByText('Família vinculada ao domicílio.')).toBeVisible();
    const linha = page
      .getByRole('table', { name: 'Famílias do domicílio' })
      .getByRole('row', { name: new RegExp(chefe.nome) });
    await expect(linha).toContainText('3');
  });

  await test.step('a member of another family is refused on their field', async () => {
    await page.goto(familiaUrl);
    await expect(page.getByRole('link', { name: new RegExp(`, ${numero} - `) })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    await escolherPessoa(page, 'Membro 3', ocupada.nome);
    await escolher(page, 'Parentesco do membro 3', 'Outro parente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const campo = page.getByRole('combobox', { name: 'Membro 3', exact: true });
    await expect(campo).toHaveAccessibleDescription(EM_OUTRA_FAMILIA);
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível gravar Família' })).toContainText(
      `Membro ${EM_OUTRA_FAMILIA}`,
    );
    await page.getByRole('button', { name: 'Remover membro 3' }).click();
  });

  await test.step('removing the home is refused while it has families, then confirmed once unlinked', async () => {
    await page.goto(detalhe);
    await page.getByRole('button', { name: 'Remover domicílio' }).click();
    const confirmar = page.getByRole('dialog', { name: 'Remover domicílio?' });
    await expect(confirmar).toContainText('Esta ação não pode ser desfeita.');
    await confirmar.getByRole('button', { name: 'Sim, remover' }).click();
    await expect(page.getByText(COM_FAMILIAS)).toBeVisible();
    await expect(page).toHaveURL(detalhe);

    await page.getByRole('link', { name: 'Gerenciar famílias' }).click();
    await page.getByRole('button', { name: `Desvincular a família de ${chefe.nome}` }).click();
    await page
      .getByRole('dialog', { name: 'Desvincular família?' })
      .getByRole('button', { name: 'Sim, desvincular' })
      .click();
    await expect(page.getByText('Nenhuma família vinculada a este domicílio.')).toBeVisible();

    await page.goto(detalhe);
    await page.getByRole('button', { name: 'Remover domicílio' }).click();
    await page
      .getByRole('dialog', { name: 'Remover domicílio?' })
      .getByRole('button', { name: 'Sim, remover' })
      .click();
    await expect(page.getByText('Cadastro domiciliar foi removido(a).')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${DOMICILIOS}$`));
  });
});

test("a household that does not exist answers 'Cadastro não encontrado' and goes back to the list", async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(`${DOMICILIOS}/${uuidV7()}/edit`);
  await expect(page.getByText('Cadastro não encontrado').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${DOMICILIOS}$`));
  await expect(page.getByRole('heading', { name: 'Cadastros domiciliares' })).toBeVisible();
});

test('a physician reads a family without being able to change it', async ({ page, signInWithUnit }) => {
  await signInWithUnit('medico');
  await page.goto(FAMILIAS);
  await expect(page.getByRole('heading', { name: 'Famílias' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova família' })).toHaveCount(0);
  await page.getByRole('table').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/familias\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('link', { name: 'Voltar para a lista' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Responsável familiar', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
});
