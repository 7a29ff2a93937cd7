// Individual registrations (issue 6): an ACS registers a resident (no CPF nor CNS → the CNS message), records the exit
// by death (missing DO number refused) and sees it leave the active list; reception cannot open the form.
// Run: npm run build && E2E_PORT=3102 npx playwright test e2e/cadastros_individuais.spec.ts --output=/tmp/pw-ci
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, SENHA_DEMO, test } from './fixtures';

const MSG_403 = 'Você não está autorizado a executar essa ação.';
const MSG_CNS = 'é obrigatório, devido à ausência de preenchimento do campo de CPF';
const LISTA = '/atencao_primaria/cadastros_individuais';

type Item = { id: string; nome: string; data_nascimento: string; cpf_numero: string | null; codigo_cns: string | null };

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

/** A micro-area of the ACS's own team in UBS Centro, read from the registrations they see. */
async function microAreaDoAcs(request: APIRequestContext): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenDe(request, 'acs')}` };
  const rows = (await (await request.get(`/api/v1${LISTA}?per_page=20`, { headers })).json()) as Array<{
    micro_area: string | null;
  }>;
  const m = rows.find((r) => r.micro_area)?.micro_area;
  expect(m, 'a micro-area of the ACS team').toBeTruthy();
  return m!;
}

/** An adult demo citizen with a CNS and no individual registration (active or with exit), found through the API. */
async function semCadastro(request: APIRequestContext): Promise<Item> {
  const headers = { authorization: `Bearer ${await tokenDe(request, 'admin')}` };
  const comCadastro = new Set<string>();
  for (const situacao of ['ativo', 'saida']) {
    for (let page = 1; page <= 10; page++) {
      const res = await request.get(`/api/v1${LISTA}?situacao=${situacao}&per_page=100&page=${page}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      const rows = (await res.json()) as Array<{ municipe_id: string }>;
      rows.forEach((r) => comCadastro.add(r.municipe_id));
      if (rows.length < 100) break;
    }
  }
  for (let page = 1; page <= 5; page++) {
    const rows = (await (
      await request.get(`/api/v1/municipes?per_page=100&page=${page}`, { headers })
    ).json()) as Item[];
    const idade = (iso: string) => (Date.now() - Date.parse(iso)) / (365.25 * 24 * 3600 * 1000);
    const achado = rows.find((r) => !comCadastro.has(r.id) && r.codigo_cns && idade(r.data_nascimento) > 18);
    if (achado) return achado;
    if (rows.length < 100) break;
  }
  throw new Error('no demo citizen without an individual registration');
}

async function shot(page: Page, name: string) {
  for (const [w, h] of [
    [1400, 900],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOTS}/cadastros_individuais-${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('ACS registers a resident, records the exit by death, and it leaves the active list', async ({
  page,
  request,
  signInWithUnit,
}) => {
  test.setTimeout(120_000);
  const pessoa = await semCadastro(request);
  const microArea = await microAreaDoAcs(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('acs', 'UBS Centro');

  await page.goto(LISTA);
  await expect(page.getByRole('heading', { name: 'Cadastros individuais' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await shot(page, 'lista');

  await page.getByRole('link', { name: 'Novo cadastro' }).first().click();
  await expect(page).toHaveURL(/\/new$/);
  const picker = page.getByRole('combobox', { name: 'Munícipe' });
  await picker.fill(pessoa.nome);
  await page
    .getByRole('option', { name: new RegExp(pessoa.nome) })
    .first()
    .click();
  const cpf = page.getByRole('textbox', { name: 'CPF', exact: true });
  const cns = page.getByRole('textbox', { name: 'CNS', exact: true });
  // The citizen's documents fill the form; clear both so neither identifies them.
  await expect(cns).not.toHaveValue('');
  await cpf.fill('');
  await cns.fill('');
  const form = page.locator('form');
  await form.getByRole('radio', { name: 'Brasileira' }).check();
  const micro = form.getByRole('textbox', { name: 'Micro-área' });
  await micro.fill(microArea);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG_CNS).first()).toBeVisible();
  await shot(page, 'form');
  await cns.fill(pessoa.codigo_cns!);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/detalhes$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: pessoa.nome })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar cadastro individual' })).toBeVisible();
  await shot(page, 'detalhe');

  await page.getByRole('link', { name: 'Saída do cadastro' }).click();
  await expect(page).toHaveURL(/\/saida_cadastro$/);
  await page.getByRole('radio', { name: 'Óbito' }).check();
  // Today in São Paulo, as the form counts it (the runner's clock may be UTC, already tomorrow at 21:00 there).
  const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await page.getByRole('textbox', { name: 'Data do óbito' }).fill(hoje);
  await page.getByRole('button', { name: 'Gravar saída' }).click();
  await expect(page.getByText('Não pode ficar em branco').first()).toBeVisible();
  await shot(page, 'saida');
  await page.getByRole('textbox', { name: 'Número da DO' }).fill('123456789');
  await page.getByRole('button', { name: 'Gravar saída' }).click();
  await expect(page).toHaveURL(/\/detalhes$/);
  await expect(page.getByText('Número da DO: 123456789')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar cadastro individual' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Saída do cadastro' })).toHaveCount(0);
  await shot(page, 'detalhe-saida');

  await page.goto(`${LISTA}?busca=${encodeURIComponent(pessoa.nome)}`);
  await expect(page.getByText('Nenhum cadastro individual encontrado.')).toBeVisible();
  await page.goto(`${LISTA}?busca=${encodeURIComponent(pessoa.nome)}&situacao=saida`);
  await expect(page.getByRole('table').getByText(pessoa.nome)).toBeVisible();
});

test('reception cannot open the registration form', async ({ page, signInWithUnit }) => {
  await signInWithUnit('recepcao');
  await page.goto(`${LISTA}/new`);
  await expect(page.getByText(MSG_403)).toBeVisible();
});

/** A random UUID v7 (48-bit ms timestamp, version 7, RFC variant): the shape of the app's ids, of no record. */
function uuidV7(): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const ts = Date.now().toString(16).padStart(12, '0');
  return `${ts.slice(0, 8)}-${ts.slice(8)}-7${hex(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${hex(3)}-${hex(12)}`;
}

/** A valid provisional-style CNS (starts with 7; weighted sum mod 11 is 0), as in e2e/municipes.spec.ts. */
function cnsValido(): string {
  for (;;) {
    const d = [7, ...Array.from({ length: 13 }, () => Math.floor(Math.random() * 10))];
    const sum = d.reduce((s, x, i) => s + x * (15 - i), 0);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return [...d, last].join('');
  }
}

test("a registration that does not exist answers 'Cadastro não encontrado' and goes back to the list", async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(`${LISTA}/${uuidV7()}/detalhes`);
  await expect(page.getByText('Cadastro não encontrado').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LISTA}$`));
  await expect(page.getByRole('heading', { name: 'Cadastros individuais' })).toBeVisible();
});

test("ACS creates a new citizen through 'Cadastrar novo munícipe' and comes back to register them", async ({
  page,
  request,
  signInWithUnit,
}) => {
  test.setTimeout(120_000);
  const microArea = await microAreaDoAcs(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(`${LISTA}/new`);
  await page.getByRole('link', { name: 'Cadastrar novo munícipe' }).click();
  await expect(page).toHaveURL(/\/municipes\/new\?retorno=/);

  // A child of 4, so the caregiver question (children 0–9) shows on the registration form.
  const nome = `Criança Teste ${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}`;
  const nasc = new Date();
  nasc.setFullYear(nasc.getFullYear() - 4);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const cns = cnsValido();
  // The citizen form focuses CPF once mounted: type only then, or the keystrokes are lost.
  await expect(page.getByLabel('CPF', { exact: true })).toBeFocused();
  await page.getByLabel('CNS', { exact: true }).pressSequentially(cns);
  await expect(page.getByLabel('CNS', { exact: true })).toHaveValue(
    `${cns.slice(0, 3)} ${cns.slice(3, 7)} ${cns.slice(7, 11)} ${cns.slice(11)}`,
  );
  await page.getByLabel('Nome', { exact: true }).fill(nome);
  await page
    .getByLabel('Data de nascimento', { exact: true })
    .pressSequentially(`${p2(nasc.getDate())}${p2(nasc.getMonth() + 1)}${nasc.getFullYear()}`);
  await page.getByRole('radio', { name: 'Feminino' }).check();
  await page.getByLabel('Telefone celular').pressSequentially('61991234570');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Possíveis munícipes já cadastrados' });
  if (await dialog.isVisible({ timeout: 3000 }).catch(() => false))
    await dialog.getByRole('button', { name: 'Cadastrar mesmo assim' }).click();

  await expect(page).toHaveURL(new RegExp(`${LISTA}/new\\?municipe_id=[0-9a-f-]{36}$`), { timeout: 15_000 });
  const picker = page.getByRole('combobox', { name: 'Munícipe' });
  await expect(picker).toHaveValue(new RegExp(nome));
  const form = page.locator('form');
  await expect(form.getByRole('textbox', { name: 'CNS', exact: true })).not.toHaveValue('');
  await form.getByRole('radio', { name: 'Brasileira' }).check();
  await form.getByRole('textbox', { name: 'Micro-área' }).fill(microArea);
  await expect(page.getByText('Com quem a criança fica?')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Adulto responsável' }).check();
  await shot(page, 'form-novo-municipe');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/detalhes$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: nome })).toBeVisible();
});
